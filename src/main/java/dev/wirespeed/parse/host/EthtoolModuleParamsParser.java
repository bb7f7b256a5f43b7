package dev.wirespeed.parse.host;

import dev.wirespeed.parse.HeadedParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool --show-module IFACE}: "Module parameters for swp11:" then "name value" lines, a blank between
 * ("low-power false", "power-mode-policy auto", "power-mode low"; netlink/module.c).
 */
public final class EthtoolModuleParamsParser extends HeadedParser {
    private static final Pattern HEAD = Pattern.compile("Module parameters for (\\S+):");
    private static final Pattern PARAMETER = Pattern.compile("([a-z][a-z-]*)\\s+(\\S+)");

    public EthtoolModuleParamsParser() {
        super(HEAD, "ethtool-module-params", "ethtool");
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        String iface = in.match(HEAD, from).group(1);
        b.use(from);
        Map<String, String> parameters = new LinkedHashMap<>();
        int i = from + 1;
        for (Matcher m; i < in.size() && (m = in.match(PARAMETER, i)) != null; i++) {
            parameters.put(m.group(1), m.group(2));
            b.use(i);
        }
        String low = parameters.get("low-power");
        Boolean lowPower = "true".equals(low) ? Boolean.TRUE : "false".equals(low) ? Boolean.FALSE : null;
        b.add(new ModuleParameters(iface, lowPower, parameters, in.source(from)));
        return b.done(i);
    }
}
