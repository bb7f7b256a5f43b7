package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evidence of a subnet manager (see {@link SubnetManagerSeen}). sminfo's line is recognised
 * anywhere; ps lines only after a command that names opensm, since a ps line alone does not say
 * what was looked for. {@code systemctl status opensm(d)} is {@link ServiceStatusParser}'s.
 */
public final class SubnetManagerParser extends BaseParser {
    private static final Pattern SMINFO = Pattern.compile("sminfo: sm lid (\\d{1,5}) sm guid 0x[0-9a-fA-F]+.*");
    /** The rest of sminfo's line (infiniband-diags sminfo.c): "sm guid 0x…, activity count N priority N state N NAME". */
    private static final Pattern SMINFO_FIELDS = Pattern.compile(
            "sm guid (0x[0-9a-fA-FxX*.]+),?\\s+activity count (\\d+),?\\s+priority (\\d+),?\\s+state (\\d+\\s+\\w+).*");
    private static final Pattern PS = Pattern.compile(".*(?:^|[\\s/])opensmd?(?:\\s.*)?");

    public SubnetManagerParser() {
        super("subnet-manager", "sminfo");
    }

    @Override
    public boolean reads(Command command) {
        return command != null && (command.program().equals("sminfo") || namesOpensm(command));
    }

    private static boolean namesOpensm(Command c) {
        return c != null && c.text().contains("opensm") && (c.program().equals("ps") || c.program().equals("pgrep"));
    }

    private static boolean psLine(Lines in, int i, Command c) {
        return c != null && (c.program().equals("ps") || c.program().equals("pgrep")) && in.matches(PS, i)
                && !in.get(i).contains("grep");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        Command c = in.command();
        return in.matches(SMINFO, i) || psLine(in, i, c);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Command c = in.command();
        Matcher m;
        if ((m = in.match(SMINFO, from)) != null) {
            SubnetManagerSeen seen = new SubnetManagerSeen("sminfo", true, Integer.parseInt(m.group(1)), in.source(from));
            b.use(from).add(seen);
            Matcher f = SMINFO_FIELDS.matcher(in.get(from));
            if (f.find()) { // kept as printed: the master's GUID, priority and state say which SM answered
                // beside the generic reading, which keeps the whole line under "sminfo"
                b.printedBeside(seen, from, "sm guid", f.group(1)).printedBeside(seen, from, "activity count", f.group(2))
                        .printedBeside(seen, from, "priority", f.group(3)).printedBeside(seen, from, "state", f.group(4));
            }
        } else {
            b.use(from).add(new SubnetManagerSeen("ps", true, null, in.source(from)));
        }
        return b.done(from + 1);
    }
}
