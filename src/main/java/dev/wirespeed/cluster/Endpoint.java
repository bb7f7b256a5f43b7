package dev.wirespeed.cluster;

/**
 * One agent to reach: a host name or IPv4 address and the agent's port.
 *
 * @param label how the user wrote it ("node01", "127.0.0.1:5401"); the name shown in every table
 */
public record Endpoint(String label, String host, int port) {

    /** Parses {@code host} or {@code host:port}; {@code defaultPort} when no port is given. */
    public static Endpoint parse(String text, int defaultPort) {
        int colon = text.lastIndexOf(':');
        if (colon < 0) {
            return new Endpoint(text, text, defaultPort);
        }
        if (text.indexOf(':') != colon) {
            throw new HostListException("'" + text + "': IPv6 literals are not supported in host lists; use a host name");
        }
        String host = text.substring(0, colon);
        String portText = text.substring(colon + 1);
        if (host.isEmpty()) {
            throw new HostListException("'" + text + "': host name missing before ':'");
        }
        int port;
        try {
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            throw new HostListException("'" + text + "': port '" + portText + "' is not a number");
        }
        if (port < 1 || port > 65535) {
            throw new HostListException("'" + text + "': port " + port + " is out of range (1..65535)");
        }
        return new Endpoint(text, host, port);
    }

    @Override
    public String toString() {
        return label;
    }
}
