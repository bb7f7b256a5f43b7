package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ss} (iproute2 misc/ss.c): the head ("[Netid] [State] Recv-Q Send-Q Local Address:Port Peer Address:Port
 * [Process]"; a state filter leaves State out), a row per socket, and with {@code -i}/{@code -m}/{@code -e}/
 * {@code -o}/{@code -p} the socket's details after its addresses or on the lines below (indented, or at the margin
 * when a mail rewrapped them). Each socket becomes a {@link SocketInfo}; every detail is kept as ss printed it,
 * under its own name. A row whose peer a narrow mail moved to the next line gets it back. Rows without the head
 * (grep kept them, "--" between) start a block when they carry a state and the command runs ss or details follow.
 * A detail line pasted without its row ("cubic wscale:7,7 rto:204 rtt:0.046/0.023 mss:47616 cwnd:10 …") is a
 * socket of its own, with no addresses, when it names at least {@link #LONE_DETAILS} of TCP_INFO's figures.
 */
public final class SsParser extends BaseParser {
    private static final Pattern HEAD = Pattern.compile(
            "(?:Netid\\s+)?(?:State\\s+)?Recv-Q\\s+Send-Q\\s+Local\\s+Address:Port\\s+Peer\\s+Address:Port(?:\\s+Process)?");
    private static final String STATES = "ESTAB|LISTEN|SYN-SENT|SYN-RECV|FIN-WAIT-1|FIN-WAIT-2|TIME-WAIT|CLOSE-WAIT"
            + "|LAST-ACK|CLOSING|CLOSED|UNCONN|UNKNOWN|CONNECTED";
    private static final Pattern ROW = Pattern.compile("(?:(?<netid>tcp|udp|raw|u_str|u_dgr|u_seq|nl|p_raw|p_dgr|v_str"
            + "|v_dgr|mptcp|sctp|tipc|dccp|xdp)\\s+)?(?:(?<state>" + STATES + ")\\s+)?(?<rq>\\d+)\\s+(?<sq>\\d+)\\s+"
            + "(?<local>\\S*[:*]\\S*)(?:\\s+(?<peer>\\S*[:*]\\S*))?(?:\\s+(?<rest>\\S.*))?");
    /** A peer address a mail wrapped onto a line of its own. */
    private static final Pattern ADDRESS = Pattern.compile("\\S*[:*]\\S*");
    private static final Pattern KEY_VALUE = Pattern.compile("([a-z][a-z0-9_]*):(\\S+)");
    private static final Pattern RATE = Pattern.compile("[\\d.]+[KMGT]?bps(?:/[\\d.]+[KMGT]?bps)?");
    private static final Set<String> RATE_WORDS = Set.of("send", "pacing_rate", "delivery_rate");
    private static final Set<String> CONGESTION = Set.of("cubic", "bbr", "bbr2", "bbr3", "reno", "dctcp", "htcp", "vegas",
            "westwood", "illinois", "bic", "scalable", "hybla", "highspeed", "lp", "veno", "yeah", "cdg", "nv", "prague");
    private static final Set<String> FLAGS = Set.of("ts", "sack", "ecn", "ecnseen", "fastopen", "app_limited",
            "tcp-ulp-tls", "tcp-ulp-mptcp", "<->", "->", "<-", "---");
    /** TCP_INFO's figures as ss names them (tcp_show_info): enough of them make a detail line ss's even alone. */
    private static final Set<String> TCP_INFO_KEYS = Set.of("rto", "rtt", "ato", "mss", "pmtu", "rcvmss", "advmss",
            "cwnd", "ssthresh", "bytes_sent", "bytes_acked", "bytes_received", "segs_out", "segs_in", "lastsnd",
            "lastrcv", "lastack", "rcv_space", "rcv_ssthresh", "minrtt", "snd_wnd", "wscale", "delivered");
    static final int LONE_DETAILS = 4;
    /** grep -A's separator between its matches. */
    private static final String GREP_SEPARATOR = "--";

    public SsParser() {
        super("ss", "ss");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(HEAD, i)) {
            return true;
        }
        return stateRow(in, i) && (reads(in.command()) || i + 1 < in.size() && details(in.get(i + 1), null) || stateRow(in, i + 1))
                || loneDetails(in.get(i));
    }

    /** A detail line with no row above it: ss's when it names enough TCP_INFO figures and nothing else. */
    private static boolean loneDetails(String line) {
        if (!details(line, null)) {
            return false;
        }
        int known = 0;
        for (String w : line.strip().split("\\s+")) {
            Matcher kv = KEY_VALUE.matcher(w);
            if (kv.matches() && TCP_INFO_KEYS.contains(kv.group(1))) {
                known++;
            }
        }
        return known >= LONE_DETAILS;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Socket cur = null;
        boolean headed = false;
        int i = from;
        for (; i < in.size(); i++) {
            String line = in.get(i);
            if (line.isEmpty()) {
                continue;
            }
            if (line.equals(GREP_SEPARATOR) && cur != null) {
                b.use(i);
                continue;
            }
            if (in.matches(HEAD, i)) {
                headed = true;
                b.use(i);
                continue;
            }
            Matcher m = in.match(ROW, i);
            if (m != null && (m.group("state") != null || headed)) {
                end(b, cur);
                cur = new Socket(m, i);
                if (m.group("rest") != null && !details(m.group("rest"), cur)) {
                    cur = null;
                    break;
                }
                b.use(i);
                continue;
            }
            if (cur != null && cur.peer == null && in.matches(ADDRESS, i) && !KEY_VALUE.matcher(line).matches()) {
                cur.peer = line; // the peer a narrow mail moved to a line of its own
                b.use(i);
                continue;
            }
            if (cur != null && details(line, cur)) {
                b.use(i);
                continue;
            }
            if (cur == null && loneDetails(line)) {
                cur = new Socket(i);
                details(line, cur);
                b.use(i);
                continue;
            }
            break;
        }
        end(b, cur);
        return b.done(i);
    }

    /** A socket's row with its state: ss's own, whatever pasted it. */
    private static boolean stateRow(Lines in, int i) {
        Matcher m = in.match(ROW, i);
        return m != null && m.group("state") != null;
    }

    /** Reads ss's details ("cubic wscale:7,7 rto:204 … send 4.5Mbps …") into {@code into}; false when a word is none. */
    private static boolean details(String text, Socket into) {
        String[] words = text.strip().split("\\s+");
        List<String[]> printed = new ArrayList<>();
        List<String> flags = new ArrayList<>();
        String cc = null;
        for (int k = 0; k < words.length; k++) {
            String w = words[k];
            Matcher kv;
            if (RATE_WORDS.contains(w) && k + 1 < words.length && RATE.matcher(words[k + 1]).matches()) {
                printed.add(new String[] {w, words[++k]});
            } else if ((kv = KEY_VALUE.matcher(w)).matches()) {
                printed.add(new String[] {kv.group(1), kv.group(2)});
            } else if (CONGESTION.contains(w)) {
                cc = w;
            } else if (FLAGS.contains(w)) {
                if (w.matches("[a-z].*")) {
                    flags.add(w);
                }
            } else {
                return false;
            }
        }
        if (into != null) {
            into.printed.addAll(printed);
            into.flags.addAll(flags);
            into.congestion = cc != null ? cc : into.congestion;
        }
        return true;
    }

    private static void end(ParseBuilder b, Socket s) {
        if (s == null) {
            return;
        }
        SocketInfo info = new SocketInfo(s.netid, s.state, s.recvQ, s.sendQ, s.local, s.peer, s.congestion, s.flags,
                b.in().source(s.line));
        b.add(info);
        for (String[] p : s.printed) {
            b.printed(info, s.line, p[0], p[1]);
        }
    }

    /** One socket as its lines are read. */
    private static final class Socket {
        final int line;
        final String netid;
        final String state;
        final Long recvQ;
        final Long sendQ;
        final String local;
        String peer;
        String congestion;
        final List<String> flags = new ArrayList<>();
        final List<String[]> printed = new ArrayList<>();

        /** A socket known by its detail line only: no row, so no state, queues or addresses. */
        Socket(int line) {
            this.line = line;
            this.netid = null;
            this.state = null;
            this.recvQ = null;
            this.sendQ = null;
            this.local = null;
        }

        Socket(Matcher m, int line) {
            this.line = line;
            this.netid = m.group("netid");
            this.state = m.group("state");
            this.recvQ = parse(m.group("rq"));
            this.sendQ = parse(m.group("sq"));
            this.local = m.group("local");
            this.peer = m.group("peer");
        }

        private static Long parse(String digits) {
            return digits.length() <= 18 ? Long.parseLong(digits) : null;
        }
    }
}
