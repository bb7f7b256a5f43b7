package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.SocketInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ss -lnt}: for a listening TCP socket Recv-Q is its accept queue (the connections the kernel completed that
 * the application has not accept()ed, sk_ack_backlog) and Send-Q that queue's limit (sk_max_ack_backlog: the
 * listen() backlog capped at net.core.somaxconn) — inet_diag's idiag_rqueue and idiag_wqueue for a listener. The
 * kernel drops a connection while the queue holds more than its limit (sk_acceptq_is_full), so Recv-Q above Send-Q is
 * a full queue at the moment ss looked (nstat's ListenOverflows counts the drops). One finding for the paste, naming
 * the listeners; no command, since what to change is the application's backlog or its accept loop.
 */
final class ListenQueueFullRule implements LogRule {
    static final String ID = "listen-queue-full";
    /** Listeners named in the message; the rest are counted. */
    private static final int NAMED = 5;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "a listening TCP socket in ss holds more connections waiting for accept() (Recv-Q) than its backlog (Send-Q)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        Map<String, SocketInfo> full = new LinkedHashMap<>(); // by address: a later paste of the same listener wins
        for (SocketInfo s : log.all(SocketInfo.class)) {
            if ("LISTEN".equals(s.state()) && s.recvQ() != null && s.sendQ() != null && s.sendQ() > 0) {
                if (s.recvQ() > s.sendQ()) {
                    full.put(s.local(), s);
                } else {
                    full.remove(s.local());
                }
            }
        }
        if (full.isEmpty()) {
            return List.of();
        }
        List<String> named = new ArrayList<>();
        List<Evidence> evidence = new ArrayList<>();
        for (SocketInfo s : full.values()) {
            if (named.size() < NAMED) {
                named.add(s.local() + " (" + s.recvQ() + " waiting, backlog " + s.sendQ() + ")");
            }
            evidence.add(new Evidence("ss, line " + s.source().line(), s.source().text().strip()));
        }
        String more = full.size() > NAMED ? " and " + (full.size() - NAMED) + " more" : "";
        String subject = full.size() == 1 ? full.keySet().iterator().next() : full.size() + " listeners";
        return List.of(new Finding(ID, Severity.WARN, subject, "accept queue full: " + String.join(", ", named) + more
                + ": the kernel drops new connections to " + (full.size() == 1 ? "it" : "them")
                + " while the application does not accept() them as fast as they come (or has stopped accepting)",
                evidence, null,
                Fix.action("find the process (ss -lntp names it) and why it accepts slowly or not at all; if it only"
                        + " needs a deeper queue, raise its listen() backlog, and net.core.somaxconn where that is lower"
                        + " (128 before Linux 5.4, 4096 since); socket buffers do not change this")));
    }
}
