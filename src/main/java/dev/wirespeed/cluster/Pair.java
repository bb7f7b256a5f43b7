package dev.wirespeed.cluster;

/**
 * Two hosts tested against each other, by index into the mesh's host list. {@code client} runs the
 * test (sends, unless --bidir); {@code server} answers it.
 */
public record Pair(int client, int server) {
    public Pair {
        if (client == server || client < 0 || server < 0) {
            throw new IllegalArgumentException("bad pair " + client + "-" + server);
        }
    }

    public boolean touches(int node) {
        return client == node || server == node;
    }

    /** The same two hosts regardless of order. */
    public boolean sameHosts(Pair other) {
        return (client == other.client && server == other.server) || (client == other.server && server == other.client);
    }
}
