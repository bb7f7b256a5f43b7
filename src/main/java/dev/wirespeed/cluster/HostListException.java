package dev.wirespeed.cluster;

/** A host list, host file or pair file the user wrote is wrong; the message is one line. */
public final class HostListException extends IllegalArgumentException {
    public HostListException(String message) {
        super(message);
    }
}
