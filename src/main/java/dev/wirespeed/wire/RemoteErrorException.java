package dev.wirespeed.wire;

import java.io.IOException;

/** The peer answered with an Error message; its text is the message of this exception. */
public class RemoteErrorException extends IOException {
    public RemoteErrorException(String message) {
        super(message);
    }
}
