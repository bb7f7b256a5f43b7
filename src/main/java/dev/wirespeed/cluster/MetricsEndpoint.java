package dev.wirespeed.cluster;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * The agent's Prometheus endpoint: where it listens ({@code --metrics [ADDR]:PORT}) and the HTTP
 * server that answers GET /metrics with {@link AgentMetrics#render()}.
 */
public final class MetricsEndpoint {
    private MetricsEndpoint() {
    }

    /** Where to listen; {@code host} null means loopback (the endpoint has no authentication). */
    public record Address(String host, int port) {
        public InetSocketAddress socketAddress() {
            return host == null ? new InetSocketAddress(InetAddress.getLoopbackAddress(), port)
                    : new InetSocketAddress(host, port);
        }

        /** As the user would write it back: ":9301", "0.0.0.0:9301", "[::]:9301". */
        @Override
        public String toString() {
            return (host == null ? "" : host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }
    }

    /**
     * Parses {@code [ADDR]:PORT}: ":9301" (loopback), "10.0.0.1:9301", "0.0.0.0:9301", "[::]:9301",
     * "host.example:9301". Names are not resolved here. An IPv6 address needs brackets, as in a URL
     * (RFC 3986 §3.2.2), since its own colons would hide the port.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    public static Address parse(String text) {
        String t = text == null ? "" : text.strip();
        int colon = t.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("'" + t + "' is not [ADDR]:PORT (e.g. :9301 for loopback, 0.0.0.0:9301 for every address)");
        }
        String host = t.substring(0, colon);
        String portText = t.substring(colon + 1);
        if (host.startsWith("[")) {
            if (!host.endsWith("]") || host.length() < 3) {
                throw new IllegalArgumentException("'" + t + "': an IPv6 address goes in brackets, e.g. [::1]:9301");
            }
            host = host.substring(1, host.length() - 1);
            if (!host.contains(":")) {
                throw new IllegalArgumentException("'" + t + "': brackets are for IPv6 addresses only");
            }
        } else if (host.contains(":") || host.contains("]")) {
            throw new IllegalArgumentException("'" + t + "': an IPv6 address goes in brackets, e.g. [::1]:9301");
        } else if (!host.isEmpty() && !host.matches("[A-Za-z0-9.-]+")) {
            throw new IllegalArgumentException("'" + t + "': '" + host + "' is not a host name or address");
        }
        if (!portText.matches("[0-9]{1,5}") || Integer.parseInt(portText) > 65535) {
            throw new IllegalArgumentException("'" + t + "': port '" + portText + "' is not a number in 0..65535");
        }
        return new Address(host.isEmpty() ? null : host, Integer.parseInt(portText));
    }

    /** Serves GET/HEAD /metrics; anything else is 404 or 405. */
    public static HttpServer serve(AgentMetrics metrics, Address where) throws IOException {
        HttpServer http = HttpServer.create(where.socketAddress(), 16);
        http.createContext("/", exchange -> {
            try (exchange) {
                if (!exchange.getRequestURI().getPath().equals("/metrics")) {
                    exchange.sendResponseHeaders(404, -1);
                    return;
                }
                boolean head = exchange.getRequestMethod().equals("HEAD");
                if (!head && !exchange.getRequestMethod().equals("GET")) {
                    exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                    exchange.sendResponseHeaders(405, -1);
                    return;
                }
                byte[] body = metrics.render().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                exchange.sendResponseHeaders(200, head ? -1 : body.length);
                if (!head) {
                    try (OutputStream os = exchange.getResponseBody()) {
                        os.write(body);
                    }
                }
            }
        });
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.start();
        return http;
    }
}
