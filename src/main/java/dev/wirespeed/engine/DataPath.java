package dev.wirespeed.engine;

/**
 * How a test asks its bytes to move: {@code zeroCopy} (-Z) sends with sendfile(2) from a file of
 * random bytes, so the sender copies nothing; {@code skipRxCopy} (--skip-rx-copy) receives with
 * MSG_TRUNC, so the receiver discards bytes in the kernel. Which calls actually ran (a mechanism
 * may be missing) is recorded per stream by {@link DataStream#callUsed()}.
 */
public record DataPath(boolean zeroCopy, boolean skipRxCopy) {
    public static final DataPath DEFAULT = new DataPath(false, false);

    /** What a test asks for; each side of the test honours it for its own streams. */
    public static DataPath of(dev.wirespeed.wire.TestSpec spec) {
        return new DataPath(spec.zeroCopy(), spec.skipRxCopy());
    }

    /** The call a stream makes. */
    public enum Call {
        WRITE("write"), SENDFILE("sendfile"), READ("read"), RECV_TRUNC("recv MSG_TRUNC"), CHANNEL("SocketChannel");

        private final String label;

        Call(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
