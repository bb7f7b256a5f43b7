package dev.wirespeed.store;

import java.io.IOException;

/** The results database cannot be used; the message is one line naming the file and what is wrong. */
public final class StoreException extends IOException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
