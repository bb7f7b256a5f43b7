# Counts the IPv6 TCP packets seen on an interface by (flow label, destination port), for
# FlowLabelNetnsIT: an AF_PACKET socket (packet(7)), run inside the test's namespace. Usage:
#   flowlabels.py IFACE SECONDS STOPFILE   -> until STOPFILE exists (at most SECONDS), lines "LABEL>DPORT COUNT", LABEL as 5 hex digits
# Prints "ready" first, once the socket is bound.
import collections, os, socket, sys, time
s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.ntohs(0x86dd))
s.bind((sys.argv[1], 0))
s.settimeout(0.5)
print('ready', flush=True)
end = time.time() + float(sys.argv[2])
labels = collections.Counter()
while time.time() < end and not os.path.exists(sys.argv[3]):
    try:
        f = s.recv(128)
    except socket.timeout:
        continue
    ip = f[14:]
    if len(ip) < 40 or ip[0] >> 4 != 6 or ip[6] != 6:
        continue
    label = ((ip[1] & 0x0f) << 16) | (ip[2] << 8) | ip[3]
    dport = (ip[42] << 8) | ip[43]
    labels["%05x>%d" % (label, dport)] += 1
for k, v in labels.most_common():
    print(k, v)
