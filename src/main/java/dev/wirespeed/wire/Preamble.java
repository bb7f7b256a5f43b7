package dev.wirespeed.wire;

import java.io.DataInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.HexFormat;

/** The first bytes of every connection: magic, version, kind, and for data connections the test id and stream. */
public final class Preamble {
    private Preamble() {}

    public static byte[] control() {
        return of(Wire.KIND_CONTROL);
    }

    /** Opens a coordinator's session with a cluster agent. */
    public static byte[] agent() {
        return of(Wire.KIND_AGENT);
    }

    /** Asks a server to start a perftest server (`bw --rdma`). */
    public static byte[] perftest() {
        return of(Wire.KIND_PERFTEST);
    }

    private static byte[] of(byte kind) {
        byte[] b = new byte[Wire.PREAMBLE_BYTES];
        System.arraycopy(Wire.MAGIC, 0, b, 0, 4);
        b[4] = (byte) Wire.PROTOCOL_VERSION;
        b[5] = kind;
        return b;
    }

    /** The opening of one connection-rate transaction: as a data connection's, of kind {@link Wire#KIND_TRANSACTION}. */
    public static byte[] transaction(byte[] testId, int streamIndex) {
        byte[] b = data(testId, streamIndex);
        b[5] = Wire.KIND_TRANSACTION;
        return b;
    }

    public static byte[] data(byte[] testId, int streamIndex) {
        if (testId.length != Wire.TEST_ID_BYTES) {
            throw new IllegalArgumentException("test id must be " + Wire.TEST_ID_BYTES + " bytes");
        }
        byte[] b = new byte[Wire.DATA_PREAMBLE_BYTES];
        System.arraycopy(Wire.MAGIC, 0, b, 0, 4);
        b[4] = (byte) Wire.PROTOCOL_VERSION;
        b[5] = Wire.KIND_DATA;
        System.arraycopy(testId, 0, b, 6, Wire.TEST_ID_BYTES);
        b[Wire.DATA_PREAMBLE_BYTES - 2] = (byte) (streamIndex >>> 8);
        b[Wire.DATA_PREAMBLE_BYTES - 1] = (byte) streamIndex;
        return b;
    }

    /** What a data connection presented after the 6-byte preamble. */
    public record DataHeader(String testIdHex, int streamIndex) {}

    /**
     * Checks the 6-byte preamble whose first byte has already been read, and returns the kind.
     * Throws ProtocolException on wrong magic or an unsupported version.
     */
    public static byte readRest(int firstByte, DataInputStream in) throws IOException {
        byte[] rest = new byte[Wire.PREAMBLE_BYTES - 1];
        in.readFully(rest);
        byte[] magic = {(byte) firstByte, rest[0], rest[1], rest[2]};
        if (!Arrays.equals(magic, Wire.MAGIC)) {
            throw new ProtocolException("not a wirespeed peer (first bytes " + HexFormat.of().formatHex(magic) + ")");
        }
        int version = rest[3] & 0xff;
        if (version != Wire.PROTOCOL_VERSION) {
            throw new ProtocolException("protocol version " + version + " is not supported (this server speaks "
                    + Wire.PROTOCOL_VERSION + ")");
        }
        byte kind = rest[4];
        if (kind != Wire.KIND_CONTROL && kind != Wire.KIND_DATA && kind != Wire.KIND_AGENT && kind != Wire.KIND_PERFTEST
                && kind != Wire.KIND_TRANSACTION) {
            throw new ProtocolException("unknown connection kind " + (kind & 0xff));
        }
        return kind;
    }

    public static DataHeader readDataHeader(DataInputStream in) throws IOException {
        byte[] id = new byte[Wire.TEST_ID_BYTES];
        in.readFully(id);
        int stream = in.readUnsignedShort();
        return new DataHeader(HexFormat.of().formatHex(id), stream);
    }
}
