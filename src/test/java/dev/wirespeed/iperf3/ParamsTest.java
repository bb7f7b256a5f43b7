package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.iperf3.Iperf3Error.Errno;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class ParamsTest {
    private static final TestSpec.Limits LIMITS = TestSpec.Limits.DEFAULT;

    private static JsonNode captured(String name) throws Exception {
        Map<String, String> all = Fixtures.parameters();
        assertThat(all).containsKey(name);
        return Control.MAPPER.readTree(all.get(name));
    }

    private static ParamExchange.Request parse(String json) throws Exception {
        return ParamExchange.parse(Control.MAPPER.readTree(json), LIMITS);
    }

    private static void refused(JsonNode json, Iperf3Error error, int errno, String message) {
        assertThatThrownBy(() -> ParamExchange.parse(json, LIMITS))
                .isInstanceOfSatisfying(Iperf3Refusal.class, r -> {
                    assertThat(r.error()).isEqualTo(error);
                    assertThat(r.errno()).isEqualTo(errno);
                })
                .hasMessageContaining(message);
    }

    private static void refused(String json, Iperf3Error error, int errno, String message) throws Exception {
        refused(Control.MAPPER.readTree(json), error, errno, message);
    }

    @Test
    void parallelUpload() throws Exception {
        ParamExchange.Request r = ParamExchange.parse(captured("p2"), LIMITS);
        TestSpec s = r.spec();
        assertThat(s.direction()).isEqualTo(Direction.UPLOAD);
        assertThat(s.streams()).isEqualTo(2);
        assertThat(s.durationMillis()).isEqualTo(2000);
        assertThat(s.bytes()).isZero();
        assertThat(s.bufferBytes()).isEqualTo(131_072);
        assertThat(s.intervalMillis()).isZero();
        assertThat(r.clientVersion()).isEqualTo("3.12");
        assertThat(r.getServerOutput()).isFalse();
    }

    @Test
    void reverseByteCountAndEverySocketOption() throws Exception {
        ParamExchange.Request r = ParamExchange.parse(captured("reverse-bytes-options"), LIMITS);
        TestSpec s = r.spec();
        assertThat(s.direction()).isEqualTo(Direction.DOWNLOAD);
        assertThat(s.bytes()).isEqualTo(10L << 20);
        assertThat(s.durationMillis()).isZero();
        assertThat(s.omitMillis()).isEqualTo(1000);
        assertThat(s.windowBytes()).isEqualTo(1 << 20);
        assertThat(s.mssBytes()).isEqualTo(1400);
        assertThat(s.noDelay()).isTrue();
        assertThat(s.congestion()).isEqualTo("cubic");
        assertThat(s.bufferBytes()).isEqualTo(65_536);
        assertThat(r.tos()).isEqualTo(16);
        assertThat(r.title()).isEqualTo("mytitle");
        assertThat(r.getServerOutput()).isTrue();
    }

    @Test
    void bidirectional() throws Exception {
        TestSpec s = ParamExchange.parse(captured("bidir"), LIMITS).spec();
        assertThat(s.direction()).isEqualTo(Direction.BIDIR);
        assertThat(s.streams()).isEqualTo(3);
        assertThat(s.connections()).isEqualTo(6);
    }

    @Test
    void blockCountBecomesBytes() throws Exception {
        TestSpec s = ParamExchange.parse(captured("blocks"), LIMITS).spec();
        assertThat(s.bytes()).isEqualTo(100L * 131_072);
        assertThat(s.durationMillis()).isZero();
    }

    @Test
    void unsupportedRequestsGetAUsefulIperf3Error() throws Exception {
        refused(captured("sctp"), Iperf3Error.NO_SCTP, Errno.NONE, "SCTP");
        refused(captured("auth"), Iperf3Error.AUTH_FAILED, Errno.NONE, "authentication");
        assertThat(ParamExchange.parse(captured("affinity"), LIMITS).spec().serverCpu())
                .as("-A 0,1: the server pins its TCP streams to CPU 1").isEqualTo(1);
        refused("{\"udp\":true,\"time\":1,\"len\":1400,\"server_affinity\":1}", Iperf3Error.AFFINITY, Errno.ENOSYS,
                "affinity");
    }

    @Test
    void zeroCopyAndSkipRxCopyAreHonouredPerTest() throws Exception {
        TestSpec reverse = ParamExchange.parse(captured("zerocopy-reverse"), LIMITS).spec();
        assertThat(reverse.direction()).isEqualTo(Direction.DOWNLOAD);
        assertThat(reverse.zeroCopy()).as("the server sends with sendfile, as iperf3's").isTrue();
        assertThat(reverse.skipRxCopy()).isFalse();
        TestSpec upload = parse("{\"tcp\":true,\"time\":1,\"skip_rx_copy\":1}").spec();
        assertThat(upload.skipRxCopy()).isTrue();
        assertThat(upload.zeroCopy()).isFalse();
        assertThat(parse("{\"tcp\":true,\"time\":1}").spec().skipRxCopy()).isFalse();
    }

    @Test
    void udpAtARate() throws Exception {
        ParamExchange.Request r = ParamExchange.parse(captured("udp"), LIMITS);
        TestSpec s = r.spec();
        assertThat(s.mode()).isEqualTo(TestSpec.MODE_UDP_BW);
        assertThat(s.rateBitsPerSecond()).isEqualTo(100_000_000L);
        assertThat(s.bufferBytes()).isEqualTo(1400);
        assertThat(s.durationMillis()).isEqualTo(1000);
        assertThat(r.udpCounters64()).as("3.12 sends no udp_counters_64bit unless asked").isFalse();
        ParamExchange.Request unlimited = parse("{\"udp\":true,\"time\":1,\"len\":1400,\"udp_counters_64bit\":1,"
                + "\"reverse\":true,\"congestion\":\"bbr\",\"nodelay\":true}");
        assertThat(unlimited.spec().rateBitsPerSecond()).as("no bandwidth key: unlimited, as iperf3's server").isZero();
        assertThat(unlimited.udpCounters64()).isTrue();
        assertThat(unlimited.spec().congestion()).as("TCP options do not apply to UDP").isNull();
        refused("{\"udp\":true,\"time\":1,\"len\":8}", Iperf3Error.UDP_BLOCK_SIZE, Errno.EINVAL, "16..65507");
        refused("{\"udp\":true,\"num\":1000000,\"len\":1400}", Iperf3Error.UNIMPLEMENTED, Errno.NONE, "-n");
        // iperf3 3.14+'s --dont-fragment: the server's UDP sockets set IP_PMTUDISC_DO, as iperf3's own
        assertThat(parse("{\"udp\":true,\"time\":1,\"dont_fragment\":1}").spec().dontFragment()).isTrue();
        assertThat(parse("{\"udp\":true,\"time\":1}").spec().dontFragment()).isFalse();
        assertThat(parse("{\"tcp\":true,\"time\":1,\"dont_fragment\":1}").spec().dontFragment())
                .as("TCP: iperf3 sets DF for UDP only").isFalse();
    }

    @Test
    void optionsOnlyTheClientUsesAreAcceptedWhenTheClientSends() throws Exception {
        TestSpec s = parse("{\"tcp\":true,\"time\":1,\"parallel\":1,\"len\":131072,\"bandwidth\":100000000,"
                + "\"fqrate\":1000000,\"zerocopy\":1,\"repeating_payload\":1,\"skip_rx_copy\":1,\"burst\":10}").spec();
        assertThat(s.direction()).isEqualTo(Direction.UPLOAD);
        refused("{\"tcp\":true,\"time\":1,\"reverse\":true,\"bandwidth\":100000000}", Iperf3Error.UNIMPLEMENTED,
                Errno.NONE, "bitrate");
        refused("{\"tcp\":true,\"time\":1,\"bidirectional\":true,\"fqrate\":1000}", Iperf3Error.SET_PACING,
                Errno.ENOSYS, "pacing");
    }

    @Test
    void missingOptionalKeysTakeIperf3Defaults() throws Exception {
        TestSpec s = parse("{\"tcp\":true}").spec();
        assertThat(s.durationMillis()).isEqualTo(10_000);
        assertThat(s.streams()).isEqualTo(1);
        assertThat(s.bufferBytes()).isEqualTo(128 * 1024);
        assertThat(parse("{}").spec().direction()).as("no protocol key: TCP, as iperf3").isEqualTo(Direction.UPLOAD);
    }

    @Test
    void unknownKeysAreRefusedByName() throws Exception {
        refused("{\"tcp\":true,\"time\":1,\"warp_drive\":1}", Iperf3Error.UNIMPLEMENTED, Errno.NONE, "'warp_drive'");
    }

    /**
     * iperf3 3.19+'s -m: "mptcp": true, after which its server listens for the data connections with
     * an MPTCP socket (iperf_tcp_listen). This server takes it (its listener is MPTCP with --mptcp,
     * and says how many connections were); a UDP test carries the key too, and it means nothing there.
     */
    @Test
    void mptcpIsTakenForTcpAndIgnoredForUdp() throws Exception {
        assertThat(parse("{\"tcp\":true,\"mptcp\":true}").mptcp()).isTrue();
        assertThat(parse("{\"tcp\":true}").mptcp()).isFalse();
        assertThat(parse("{\"udp\":true,\"mptcp\":true}").mptcp()).isFalse();
    }

    @Test
    void mptcpIsAskedAsIperf3AsksItForTcpOnly() {
        TestSpec tcp = TestSpec.tcpBandwidth().streams(2).durationMillis(1000).build();
        TestSpec udp = TestSpec.udpBandwidth().durationMillis(1000).build();
        assertThat(ParamExchange.request(tcp, "x", false, true).path("mptcp").asBoolean(false)).isTrue();
        assertThat(ParamExchange.request(tcp, "x", false, false).has("mptcp")).isFalse();
        assertThat(ParamExchange.request(udp, "x", false, true).has("mptcp")).isFalse();
    }

    /** CVE-2024-53580: iperf3 crashed on values of the wrong JSON type. */
    @Test
    void wrongTypesAreMalformedParameters() throws Exception {
        for (String json : new String[] {"{\"time\":\"10\"}", "{\"parallel\":{\"n\":4}}", "{\"title\":7}",
                "{\"tcp\":1}", "{\"reverse\":\"true\"}", "{\"len\":1.5}", "{\"len\":1e400}", "{\"congestion\":[\"bbr\"]}",
                "{\"num\":null}", "{\"authtoken\":5}"}) {
            refused(json, Iperf3Error.RECEIVE_PARAMS, Errno.EINVAL, "malformed parameters");
        }
    }

    @Test
    void rangesFollowIperf3AndThisServersLimits() throws Exception {
        refused("{\"parallel\":129}", Iperf3Error.NUM_STREAMS, Errno.EINVAL, "1..128");
        refused("{\"parallel\":0}", Iperf3Error.NUM_STREAMS, Errno.EINVAL, "'parallel' 0");
        refused("{\"omit\":601}", Iperf3Error.OMIT, Errno.EINVAL, "0..600");
        refused("{\"omit\":18446744073709551615}", Iperf3Error.OMIT, Errno.EINVAL, "'omit' -1");
        // -L: the client's connections carry the label; the server has nothing to do (iperf3's neither)
        assertThat(parse("{\"time\":1,\"flowlabel\":74565}").spec().durationMillis()).isEqualTo(1000);
        refused("{\"flowlabel\":1048576}", Iperf3Error.SET_FLOW_LABEL, Errno.EINVAL, "'flowlabel'");
        // -t 0: until the client stops it (iperf3 sets no timer for it); UDP tests stay bounded
        assertThat(parse("{\"time\":0,\"num\":0}").spec().untilStopped()).isTrue();
        refused("{\"udp\":true,\"time\":0}", Iperf3Error.DURATION, Errno.NONE, "unbounded");
        refused("{\"time\":3600,\"omit\":10}", Iperf3Error.DURATION, Errno.NONE, "3610 s");
        refused("{\"len\":17000000}", Iperf3Error.BLOCK_SIZE, Errno.EINVAL, "'len'");
        refused("{\"MSS\":50}", Iperf3Error.MSS, Errno.EINVAL, "88..65535");
        refused("{\"window\":1073741824}", Iperf3Error.BUF_SIZE, Errno.EINVAL, "'window'");
        refused("{\"TOS\":256}", Iperf3Error.BAD_TOS, Errno.EINVAL, "'TOS'");
        refused("{\"reverse\":true,\"bidirectional\":true}", Iperf3Error.REVERSE_BIDIR, Errno.NONE, "reverse");
        refused("{\"congestion\":\"bbr;rm\"}", Iperf3Error.SET_CONGESTION, Errno.ENOENT, "not an algorithm name");
        TestSpec.Limits small = new TestSpec.Limits(4, 60_000);
        assertThatThrownBy(() -> ParamExchange.parse(Control.MAPPER.readTree("{\"parallel\":5}"), small))
                .isInstanceOfSatisfying(Iperf3Refusal.class, r -> assertThat(r.error()).isEqualTo(Iperf3Error.NUM_STREAMS));
        assertThatThrownBy(() -> ParamExchange.parse(Control.MAPPER.readTree("{\"time\":61}"), small))
                .isInstanceOfSatisfying(Iperf3Refusal.class, r -> assertThat(r.error()).isEqualTo(Iperf3Error.DURATION));
    }

    @Test
    void peerTextIsMadePrintableForTheLog() throws Exception {
        assertThat(parse("{\"title\":\"a\\u0007b\\nc\"}").title()).isEqualTo("a?b?c");
        assertThat(parse("{\"client_version\":\"" + "9".repeat(64) + "\"}").clientVersion()).hasSize(64);
    }

    /** What wirespeed sends an iperf3 server is what iperf3 3.12 itself sends for the same test. */
    @Test
    void requestMatchesWhatIperf3Sends() throws Exception {
        TestSpec p2 = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(2).durationMillis(2000)
                .intervalMillis(1000).bufferBytes(131_072).build();
        ObjectNode ours = ParamExchange.request(p2, "3.12");
        assertThat(Control.MAPPER.writeValueAsString(ours)).as("byte for byte, key order included")
                .isEqualTo(Fixtures.parameters().get("p2"));

        TestSpec options = TestSpec.tcpBandwidth().direction(Direction.DOWNLOAD).streams(1).bytes(10L << 20)
                .omitMillis(1000).intervalMillis(1000).bufferBytes(65_536).windowBytes(1 << 20).congestion("cubic")
                .mssBytes(1400).noDelay(true).build();
        JsonNode theirs = captured("reverse-bytes-options");
        ObjectNode mine = ParamExchange.request(options, "3.12");
        for (String key : new String[] {"tcp", "omit", "time", "num", "blockcount", "MSS", "nodelay", "parallel",
            "reverse", "window", "len", "pacing_timer", "congestion"}) {
            assertThat(mine.get(key)).as(key).isNotNull();
            assertThat(mine.get(key).toString()).as(key).isEqualTo(theirs.get(key).toString());
        }
        ObjectNode bidir = ParamExchange.request(TestSpec.tcpBandwidth().direction(Direction.BIDIR).streams(3)
                .durationMillis(1000).intervalMillis(1000).bufferBytes(131_072).build(), "3.12");
        assertThat(Control.MAPPER.writeValueAsString(bidir)).isEqualTo(Fixtures.parameters().get("bidir"));
    }

    /** A UDP request is what 3.12 sends for -u -b -l, plus the 64-bit counters wirespeed always uses. */
    @Test
    void udpRequestMatchesWhatIperf3Sends() throws Exception {
        TestSpec udp = TestSpec.udpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(1000)
                .intervalMillis(1000).bufferBytes(1400).rateBitsPerSecond(100_000_000L).build();
        ObjectNode mine = ParamExchange.request(udp, "3.12");
        JsonNode theirs = captured("udp");
        for (var e : theirs.properties()) {
            assertThat(mine.get(e.getKey())).as(e.getKey()).isNotNull();
            assertThat(mine.get(e.getKey()).toString()).as(e.getKey()).isEqualTo(e.getValue().toString());
        }
        assertThat(mine.get("udp_counters_64bit").intValue()).isEqualTo(1);
        assertThat(mine.has("tcp")).isFalse();
        assertThat(mine.has("dont_fragment")).as("absent unless asked, as iperf3's send_parameters").isFalse();
        // --dont-fragment: iperf3 3.14+'s key and value (iperf_api.c: cJSON_AddNumberToObject(j, "dont_fragment", 1))
        assertThat(ParamExchange.request(udp.toBuilder().dontFragment(true).build(), "3.12").get("dont_fragment").intValue())
                .isEqualTo(1);
    }

    @Test
    void fractionalSecondsRoundUpForIperf3() {
        TestSpec s = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(2500)
                .intervalMillis(1000).bufferBytes(131_072).build();
        assertThat(ParamExchange.request(s, "x").get("time").intValue()).isEqualTo(3);
    }

    /** --get-server-output asks as iperf3's client does (iperf_api.c send_parameters: "get_server_output": 1). */
    @Test
    void getServerOutputIsAskedAsIperf3AsksIt() throws Exception {
        TestSpec s = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(1000)
                .intervalMillis(1000).bufferBytes(131_072).build();
        assertThat(ParamExchange.request(s, "x", true).get("get_server_output").intValue()).isEqualTo(1);
        assertThat(ParamExchange.request(s, "x").has("get_server_output")).isFalse();
        // and our own server reads it back as asked
        assertThat(ParamExchange.parse(ParamExchange.request(s, "x", true), TestSpec.Limits.DEFAULT).getServerOutput()).isTrue();
    }
}
