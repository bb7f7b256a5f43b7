package dev.wirespeed.parse;

import dev.wirespeed.parse.host.EthtoolParser;
import dev.wirespeed.parse.host.IpParser;
import dev.wirespeed.parse.host.LsmodParser;
import dev.wirespeed.parse.host.LstopoParser;
import dev.wirespeed.parse.host.NfsstatParser;
import dev.wirespeed.parse.ib.IblinkinfoParser;
import dev.wirespeed.parse.ib.IbnetdiscoverParser;
import dev.wirespeed.parse.ib.IbstatParser;
import dev.wirespeed.parse.ib.IbstatusParser;
import dev.wirespeed.parse.ib.IbvDevicesParser;
import dev.wirespeed.parse.ib.IbvDevinfoParser;
import dev.wirespeed.parse.ib.RdmaLinkParser;
import dev.wirespeed.parse.pci.LspciParser;
import java.util.List;

/** Every parser, in the order content detection tries them (more specific first). */
public final class Parsers {
    private Parsers() {}

    public static List<Parser> all() {
        return List.of(
                new IbstatParser(), new IbstatusParser(), new IbvDevinfoParser(), new IbvDevicesParser(),
                new IblinkinfoParser(), new IbnetdiscoverParser(), new RdmaLinkParser(),
                new LspciParser(), new LstopoParser(), new IpParser(), new EthtoolParser(), new NfsstatParser(),
                new LsmodParser());
    }

    /** The parser of a format name, or null. */
    public static Parser named(String format) {
        return all().stream().filter(p -> p.format().equals(format)).findFirst().orElse(null);
    }
}
