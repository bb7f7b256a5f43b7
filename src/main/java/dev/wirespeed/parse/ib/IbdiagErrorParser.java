package dev.wirespeed.parse.ib;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * infiniband-diags' error lines (ibdiag_common.c iberror): "TOOL: iberror: failed: MESSAGE", with
 * debugging on "TOOL: iberror: [pid N] FUNCTION: failed: MESSAGE". One {@link IbdiagError} a line;
 * the "ibwarn: [N] function: …" lines before them are libibmad's warnings, read as part of the block.
 */
public final class IbdiagErrorParser extends BaseParser {
    private static final Pattern ERROR = Pattern.compile("(\\S+): iberror: (?:\\[pid \\d+\\] \\w+: )?failed: (.+)");
    private static final Pattern WARN = Pattern.compile("ibwarn: \\[\\d+\\] \\w+: .*");

    public IbdiagErrorParser() {
        super("ibdiag-error", "smpquery", "perfquery", "ibportstate", "ibaddr", "ibroute", "ibtracert", "ibping",
                "sminfo", "smpdump", "saquery", "ibqueryerrors", "iblinkinfo", "ibnetdiscover", "vendstat");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(ERROR, i)) {
            return true;
        }
        // libibmad's warnings, then the error they led to
        int k = i;
        while (k < in.size() && in.matches(WARN, k)) {
            k++;
        }
        return k > i && in.matches(ERROR, k);
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        for (; i < in.size(); i++) {
            Matcher m;
            if ((m = in.match(ERROR, i)) != null) {
                String tool = m.group(1);
                b.use(i).add(new IbdiagError(tool.substring(tool.lastIndexOf('/') + 1), m.group(2).strip(), in.source(i)));
            } else if (in.matches(WARN, i)) {
                b.use(i);
            } else {
                break;
            }
        }
        return b.done(i);
    }
}
