package dev.wirespeed.wire;

import java.io.IOException;

/** The peer broke the protocol: wrong magic, bad length, malformed or unexpected message. */
public class ProtocolException extends IOException {
    public ProtocolException(String message) {
        super(message);
    }

    public ProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
