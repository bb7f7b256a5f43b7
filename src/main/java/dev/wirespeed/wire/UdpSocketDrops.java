package dev.wirespeed.wire;

/**
 * The drops of the test's own UDP sockets on the side that sends it, during the test: the datagrams
 * its kernel threw away because a socket's receive queue was full (sk_drops, the drops column of
 * /proc/net/udp and udp6). Unlike the host-wide UdpRcvbufErrors, no other process counts here.
 *
 * @param sockets the side's UDP sockets of the test
 * @param read    how many of them could be read before and after (0 off Linux)
 * @param drops   their drops; null when none could be read
 */
public record UdpSocketDrops(int sockets, int read, Long drops) {}
