package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An error line of an NVIDIA/Mellanox firmware tool (MFT or mstflint: flint, mlxconfig, mlxlink,
 * mlxfwmanager …): "-E- Cannot open Device: 0031:01:00.0. Operation not supported. MFE_CR_ERROR".
 * The tool printed it instead of its output. flint's "Cannot open Device: DEV. ERRNO TEXT. CODE" puts
 * the system's reason (strerror) before mflash's code; MFE_CR_ERROR is the code mf_open returns when
 * mopen() of the device failed (mstflint mflash.c), so the tool never reached the card's registers.
 *
 * @param tool    the program of the command, when the paste shows it
 * @param device  its -d argument, else the device the message names
 * @param message the text after "-E- "
 * @param code    the mflash/mtcr code the message ends in ("MFE_CR_ERROR"), when it has one
 * @param reason  the system's reason the message quotes ("Operation not supported"), when it has one
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("MftError")
public record MftError(String tool, String device, String message, String code, String reason, Source source)
        implements LogInput {
    private static final Pattern CODE = Pattern.compile("\\b(M[EF]E_[A-Z0-9_]+)\\.?$");
    /** strerror's text as one sentence of the message: "Operation not supported", "No such file or directory". */
    private static final Pattern REASON = Pattern.compile("[.,]\\s+([A-Z][a-z]+(?: [a-z]+){1,5})(?=\\.|$)");
    /** "Cannot open Device: 01:00.0." or "Failed to open device: \"01:00.0\"," */
    private static final Pattern NAMED = Pattern.compile("[Dd]evice:\\s+\"?([^\\s\",]+?)\"?[.,]?(?:\\s|$)");

    /** The record of one "-E- " line: code, reason and (when the command gave none) device read from the message. */
    public static MftError of(String tool, String device, String message, Source source) {
        Matcher c = CODE.matcher(message);
        Matcher r = REASON.matcher(message);
        Matcher d = NAMED.matcher(message);
        return new MftError(tool, device != null ? device : d.find() ? d.group(1) : null, message,
                c.find() ? c.group(1) : null, r.find() ? r.group(1) : null, source);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("tool", tool).put("device", device).put("error", message).map();
    }

    /** A firmware tool's error line: shown in explain's records, nothing of the host in it. */
    @Override
    public void addFacts(FactSink out) {}
}
