package dev.wirespeed.parse;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts a pasted terminal log into {@link Chunk}s at shell prompts: {@code root@host:~#},
 * {@code user@host:/path$}, {@code [root@host dir]#}, {@code $ }, {@code C:\path>}, {@code MDCLI>}.
 * In prose without prompts, a line that is only a command of a known program ("ibstat",
 * "iperf3 -c 10.0.0.1") also starts a chunk. Huawei MD-CLI context lines ("[admin@HUAWEI]") are
 * dropped; a line a page set in Markdown bold ("**Ip:**") loses its marks; a WordPress caption glued to a pasted line ("…Code language: CSS (css)") is cut off,
 * terminal colour codes are removed, and so are mail quote marks and harness tags before a line;
 * no-break spaces (a page copied from a browser) are plain spaces, and a mail archived raw in
 * quoted-printable is decoded.
 */
public final class Splitter {
    private static final Pattern[] PROMPTS = {
        // one or more environments before it: conda's "(base) root@host:~/dir#", "(testbed) (base) root@…"
        Pattern.compile("((?:\\([^)\\s]*\\)\\s*)*[\\w.-]+@[\\w.-]+(?::[^#$\\s]*)?\\s?[#$])(?:\\s+(.*))?"),
        // openSUSE's default root prompt "host:dir # ": "zabulon:~ # ethtool -i eth0" (parse/host README, a netdev mail);
        // a path after the colon ("~" or "/" but no URL's "//") and a command after " # "
        Pattern.compile("([\\w.-]+:(?:~[^#$>\\s]*|/(?!/)[^#$>\\s]*) #)\\s+(.+)"),
        // zsh's default prompt on macOS ("%n@%m %1~ %# "): "laysath@laysaths-Mac-mini ~ % iperf3 -c 10.254.100.10"
        Pattern.compile("((?:\\([^)\\s]*\\)\\s*)*[\\w.-]+@[\\w.-]+ [^\\s%]+ [%#])\\s+(.+)"),
        // SUSE's default PS1 (user, host, working directory, "> "): "hks@sisu-login3:~> iperf3 -c iperf.funet.fi" (parse/iperf README, the Funet
        // guide); a path after the colon and a command after the ">", so "user@host>" in prose is no prompt
        Pattern.compile("([\\w.-]+@[\\w.-]+:[~/][^#$>\\s]*>)\\s+(.+)"),
        // "[root@host dir]#", and NixOS's default "[user@host:~/dir]$"
        Pattern.compile("(\\[[\\w.-]+@[\\w.-]+(?:[\\s:][^\\]]*)?\\][#$])(?:\\s*(.*))?"),
        // Red Hat's PS1 with the host left out, as AWS and other docs print it: "[ec2-user ~]$ ethtool -S eth0"
        Pattern.compile("(\\[[a-z_][\\w.-]*\\s[^\\]@\\s]+\\][#$])\\s+(.+)"),
        Pattern.compile("((?:PS )?[A-Za-z]:\\\\[^<>:\"|?*]*>)(.*)"),
        Pattern.compile("(MDCLI>)(?:\\s+(.*))?"),
        // "$ ", after a virtualenv's or a host's name in parentheses or brackets and an exit status: "(venv) $ ",
        // "(guest) $ ", "[schwarzgerat](0) $ ethtool -i igb" (parse/host README, an intel-wired-lan mail)
        Pattern.compile("((?:[(\\[][^)\\]\\s]*[)\\]]\\s*)*\\$)\\s+(.+)"),
        // oh-my-zsh's robbyrussell theme: the arrow, the working directory's name and a git branch before the command
        // ("➜  ~ ethtool -i enp3s0", "➜  wirespeed git:(main) ✗ ethtool eth0"); a directory told apart by "~", "/" or
        // the git branch after it, as a plain name cannot be told from the command's program
        Pattern.compile("((?:\\([^)\\s]*\\)\\s*)*\u279C\\s+(?:~\\S*|/\\S*|\\S+(?=\\s+git:\\())(?:\\s+git:\\([^)]*\\))?(?:\\s+\u2717)?)\\s+(.+)"),
        // the one-character prompts of starship, pure and oh-my-zsh themes: "❯ sudo ethtool -m enp4s0f1np1" (nixpkgs#145429)
        Pattern.compile("((?:\\([^)\\s]*\\)\\s*)*[\u276F\u279C])\\s+(.+)"),
        // bash's default prompt where no PS1 is set: containers (oc rsh, kubectl exec), sudo -s
        Pattern.compile("((?:ba)?sh-\\d+(?:\\.\\d+)?[#$])\\s+(.+)"),
        // a PS1 of the working directory under home only ('\w \$ ': "~ $ ethtool -i eno49", "~/src # …",
        // BusyBox/Alpine's "~ #"), the line's indentation a paste may add before it
        Pattern.compile("\\s*(~(?:/[\\w.-]*)*\\s?[#$])\\s+(.+)"),
    };
    private static final Pattern MDCLI_CONTEXT = Pattern.compile("\\[\\*?(?:\\(\\w+\\))?[\\w.-]+@[\\w.-]+\\](?:/\\S*)?");
    /**
     * A command line: the program, typed with a path or none ("./mstflint", "/sbin/lspci", "build/all_reduce_perf",
     * "~/mft/bin/mlxlink"), after sudo and its flags or its user ("sudo -E", "sudo -u root"), then its arguments.
     */
    private static final Pattern BARE = Pattern.compile("(?:sudo(?:\\s+-[EHiknsSbAP]+|\\s+-[ugCDprtUTR]\\s*[\\w.-]+)*\\s+)?(?:(?:~|\\.{0,2})/)?(?:[\\w.-]+/)*([a-z][\\w.-]*)((?:\\s+[^\\s]+)*)");
    private static final Pattern BARE_ARG = Pattern.compile(
            "-{1,2}[\\w-]+(=\\S+)?|[a-z0-9_./:@=,*+-][\\w./:@=,*+'\"-]*|[A-Z][A-Z0-9_]*|\\||'[^']*'|\"[^\"]*\"|\\d+");
    private static final Pattern CAPTION = Pattern.compile("Code language: .*$");
    private static final Pattern QUOTED = Pattern.compile("'[^']*'|\"[^\"]*\"");
    /**
     * A reader's note a guide wrote after a value, set off by blanks and an arrow or a double hash: "Speed:
     * 1000Mb/s          &lt;-- Nic Speed 확인", "Speed: 10000Mb/s          ##当前速率", "Link detected: yes  #表示是否…",
     * "100baseT/Full   ← …" (parse/host README, the annotated-guide fixtures). None of the tools read prints an arrow
     * ("&lt;-", "&lt;=", "←", "-----&gt;"), hashes before words after two blanks, or a hash before CJK text (lspci's "L0s &lt;64ns" has
     * one blank and a digit; perftest's "#bytes" one hash; ibnetdiscover's "# lid 6 …" one hash, ASCII), so it goes.
     */
    private static final Pattern ARROW_NOTE = Pattern.compile("(?<=\\S)(?:\\s{2,}|\\t)(?:<-+|<=+|\u2190|\u2B05|\u27F5)(?:\\s.*)?$"
            // two or more hashes and then words ("yes  ### plugged"); a run of hashes alone or before "[100%]" is rpm's bar
            + "|(?<=\\S)(?:\\s{2,}|\\t)#{2,}(?=\\s*[^#\\s\\[]).*$"
            // one hash and a blank before an ASCII note, after two blanks or a tab ("yes  # link is up", "0x02c9   # Mellanox",
            // an ibv_devinfo guide in parse/ib; issue 31, mutate17): ibnetdiscover's own '# "node name"' and '# lid 6 …' stay, and
            // so does a hash before more blanks, nccl-tests' head beside another ("#wrong  |  #       size", heldout7's rccl1352)
            + "|(?<=\\S)(?:\\s{2,}|\\t)#[ \\t](?![\"#\\s]|lid\\s).*$"
            // one hash before a CJK note, after any blank ("10000Mb/s #显示…"); ibnetdiscover's "# lid 6" is ASCII
            + "|(?<=\\S)\\s+#\\s*(?=[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}]).*$"
            // a dashed arrow pointing at the note ("1000baseT/Full  -----> 千兆", "10000Mb/s   >-----> 万兆网卡", a JS
            // file's notes in parse/host, round 16): after two blanks and before words, or after one blank before CJK
            // text; iblinkinfo's "==( … )==>" is no dash run
            + "|(?<=\\S)(?:\\s{2,}|\\t)>?-{2,}>\\s+\\S.*$"
            + "|(?<=\\S)\\s+>?-{2,}>\\s*(?=[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}]).*$");

    private static List<PasteRepair.Row> withoutNotes(List<PasteRepair.Row> rows) {
        List<PasteRepair.Row> out = null;
        for (int i = 0; i < rows.size(); i++) {
            PasteRepair.Row r = rows.get(i);
            if (mayHaveNote(r.text())) {
                Matcher m = ARROW_NOTE.matcher(r.text());
                if (m.find()) {
                    if (out == null) {
                        out = new ArrayList<>(rows);
                    }
                    out.set(i, new PasteRepair.Row(r.number(), r.text().substring(0, m.start()), r.prefix(), r.elidedBefore()));
                }
            }
        }
        return out == null ? rows : out;
    }

    /** Whether a line may hold a {@link #ARROW_NOTE}: the cheap test first, as this runs on every line of a paste. */
    private static boolean mayHaveNote(String line) {
        return line.contains("<-") || line.contains("<=") || line.contains("->") || line.indexOf('#') >= 0 || line.indexOf('\u2190') >= 0
                || line.indexOf('\u2B05') >= 0 || line.indexOf('\u27F5') >= 0;
    }
    /** A page that set each pasted line in bold ("**51041 total packets received**"): the Markdown marks go. */
    private static final Pattern BOLD_LINE = Pattern.compile("^(\\s*)\\*\\*([^*].*?)\\*\\*\\s*$");
    /**
     * Markdown bold a writer put around one value inside a pasted row ("[  4]   0.00-10.00  sec  1.07 GBytes
     * **920 Mbits/sec**   receiver": parse/iperf README, the "Slow upload speed" forum thread). None of the
     * tools read prints "**" around a word, so the marks go and the row reads as printed. The marks stand
     * apart, a blank (or the line's end) outside each, as Markdown needs them: a value a writer masked
     * with asterisks ("ee:**:**:2f:46:c1", "b6*******") stays.
     */
    private static final Pattern BOLD_INLINE = Pattern.compile("(?<=^|\\s)\\*\\*(?=[^*\\s])([^*]*?[^*\\s])\\*\\*(?=$|\\s)");

    /**
     * A Markdown fence glued to the first line inside it ("```[core@worker-00 ~]$ sudo lspci -vvv …" in
     * RHsyseng/openshift-checks#22; "~~~" the same): the line after the backticks or tildes. Taken off only
     * when what follows them is a prompt or starts a format a parser reads, so a fence's info string
     * ("```C", "```console") stays a fence line.
     */
    private static final Pattern GLUED_FENCE = Pattern.compile("^\\s*(?:`{3,}|~{3,})(?=[^`~\\s])");

    /**
     * A closing fence glued to the last line inside it ("[  5]   0.00-10.00  sec  1.10 GBytes  9.41 Gbits/sec  receiver```"):
     * the fence after the output's last character, on a line that holds no other fence (inline code "```ls```" has two).
     */
    private static final Pattern GLUED_CLOSING_FENCE = Pattern.compile("(?<=[^`~\\s])(?:`{3,}|~{3,})\\s*$");

    /**
     * A line that only marks the value above it: carets under a word ("            ^^^^^^ here"), as a writer
     * points at a value; none of the tools read prints a line of carets.
     */
    private static final Pattern CARET_MARKS = Pattern.compile("\\s*\\^{2,}(?:\\s.*)?");

    /** A command line a page wrote as inline code: "`# mstflint -d 0b:00.0 query`". */
    private static final Pattern INLINE_CODE = Pattern.compile("^`([^`]+)`$");
    /**
     * Terminal control sequences: colour codes (sockperf prints them; with or without the ESC byte a paste
     * may lose), and with the ESC byte every CSI sequence (ECMA-48 8.3: "ESC [", parameters, a final letter:
     * grep --color's "ESC[K" erase after each match, "ESC[?25l" cursor) and OSC titles ("ESC ] 0;title BEL")
     * a script(1) typescript keeps.
     */
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[A-Za-z]|\u001B\\][^\u0007\u001B]*(?:\u0007|\u001B\\\\)?|\\[[0-9;]+m");

    /**
     * What a paste puts before each line of output: a mail reply's quote marks ("> ", ">> "), a
     * test harness's stream tag ("[STDOUT] "), an avocado job log's "20:22:23 DEBUG| [stdout] ". Removed line by line; the indentation after it stays
     * (avocado pads or cuts the level to five characters, "%(levelname)-5.5s|": "INFO |" and "DEBUG|" lines alternate in one
     * output, so no repeated prefix spans them; newer versions put the date, milliseconds and the logger before it:
     * "2023-04-13 17:05:47,100 avocado.test INFO | ", avocado's logging guide)
     * (nfsstat's wrapped Flags lines need it).
     */
    private static final String MPI_TAG = "[ \\t]*\\[(?:[\\w.-]+@\\d+,\\d+\\]<std(?:out|err|diag)>: ?|\\d+(?:,\\d+)?\\]<std(?:out|err|diag)>:)";
    private static final Pattern LINE_PREFIX = Pattern.compile("^(?:(?:> ?)+(?:" + MPI_TAG + ")?|\\[(?:STDOUT|STDERR|OUTPUT|stdout|stderr)\\] ?"
            // Open MPI's --tag-output (orte_tag_output): "[jobid,rank]<stdout>:" glued to each line of each rank, ranks
            // interleaved, so no prefix repeats on a run (parse/host, made here with Open MPI 4.1.4; issue 31, mutate17);
            // Open MPI 5's PRRTE puts the namespace first and a blank after ("[prterun-f5n18-100629@1,0]<stdout>: f5n18",
            // openpmix/prrte#1405), horovodrun the rank alone ("[1]<stdout>:", horovod#3827)
            // (after a mail's quote marks or a page's indentation too)
            + "|" + MPI_TAG
            + "|(?:\\d{4}-\\d{2}-\\d{2} )?\\d{2}:\\d{2}:\\d{2}(?:,\\d{3})? (?:avocado[\\w.]* )?(?:DEBUG|INFO ?|WARNI|WARN ?|ERROR|CRITI)\\|(?: |$)"
            + "(?:\\[(?:stdout|stderr)\\] ?)?)");
    /**
     * A page whose HTML was stripped without decoding its character references: "(84&#37;)" in an
     * issue imported from Google Code, "&lt;MAX&gt;". Decimal and hex references and the five XML names.
     */
    /** Where {@link #LINE_PREFIX} can match at all: '>', '[', or a clock's digit. */
    private static boolean mayHavePrefix(String line) {
        if (line.isEmpty()) {
            return false;
        }
        char c = line.charAt(0);
        return c == '>' || c == '[' || (c >= '0' && c <= '9') || (c == ' ' || c == '\t') && line.contains("]<std");
    }

    /**
     * An HTML line break a page kept as text: at the end of each pasted line (a README's "Speed: 2500Mb/s&lt;br&gt;"),
     * or between the lines of a whole output on one line (a blog's "&lt;pre&gt;&lt;br /&gt;Settings for eth0:&lt;br /&gt;   Supported…").
     * Tool output never prints one, so each is a line end: the parts keep the pasted line's number.
     */
    private static final Pattern BR = Pattern.compile("(?i)<br\\s*/?>");

    private static List<PasteRepair.Row> htmlBreaks(List<PasteRepair.Row> rows) {
        List<PasteRepair.Row> out = null;
        for (int i = 0; i < rows.size(); i++) {
            PasteRepair.Row r = rows.get(i);
            String t = r.text();
            int lt = t.indexOf('<');
            if (lt < 0 || !BR.matcher(t).find(lt)) {
                if (out != null) {
                    out.add(r);
                }
                continue;
            }
            if (out == null) {
                out = new ArrayList<>(rows.subList(0, i));
            }
            String[] parts = BR.split(t, -1);
            int n = parts.length;
            if (n > 1 && parts[n - 1].isBlank()) {
                n--; // the break that ended the line
            }
            for (int k = 0; k < n; k++) {
                out.add(new PasteRepair.Row(r.number(), parts[k], r.prefix()));
            }
        }
        return out == null ? rows : out;
    }

    private static final Pattern ENTITY = Pattern.compile("&(?:#(\\d{1,5})|#[xX]([0-9a-fA-F]{1,4})|(amp|lt|gt|quot|apos|nbsp));");

    private final Set<String> programs;

    /** How many of some lines start a format a parser reads (judges a repair: {@link RepeatedPrefix}, {@link EscapedOutput}). */
    private final ToIntFunction<List<String>> starts;

    /** Whether a parser that reads the command starts its format at the first of some lines (finds {@link GluedOutput}). */
    private final BiPredicate<Command, List<String>> startsFor;

    /** How many of some lines the parsers' blocks take (judges whether two code fences hold one output: {@link SplitFences}). */
    private final ToIntFunction<List<String>> covered;

    /** @param programs programs whose bare command lines start a chunk in prose */
    public Splitter(Set<String> programs) {
        this(programs, lines -> 0);
    }

    /**
     * @param programs programs whose bare command lines start a chunk in prose
     * @param starts   how many of some lines start a format a parser reads
     */
    public Splitter(Set<String> programs, ToIntFunction<List<String>> starts) {
        this(programs, starts, (command, lines) -> false);
    }

    /**
     * @param programs  programs whose bare command lines start a chunk in prose
     * @param starts    how many of some lines start a format a parser reads
     * @param startsFor whether a parser that reads the command starts its format at the first of some lines
     */
    public Splitter(Set<String> programs, ToIntFunction<List<String>> starts, BiPredicate<Command, List<String>> startsFor) {
        this(programs, starts, startsFor, lines -> 0);
    }

    /**
     * @param programs  programs whose bare command lines start a chunk in prose
     * @param starts    how many of some lines start a format a parser reads
     * @param startsFor whether a parser that reads the command starts its format at the first of some lines
     * @param covered   how many of some lines the parsers' blocks take (joins one output's code fences: {@link SplitFences})
     */
    public Splitter(Set<String> programs, ToIntFunction<List<String>> starts, BiPredicate<Command, List<String>> startsFor,
            ToIntFunction<List<String>> covered) {
        this.programs = Set.copyOf(programs);
        this.starts = starts;
        this.startsFor = startsFor;
        this.covered = covered;
    }

    private static final Pattern QP_ESCAPE = Pattern.compile("=([0-9A-F]{2})");

    /**
     * A mail archived raw in quoted-printable (RFC 2045 6.7): "=3D" for "=" ("=C2=A0" for a no-break space), and lines longer than 76
     * characters broken with a trailing "=". Taken as such only when both show up, or when the paste keeps the
     * mail's own "Content-Transfer-Encoding: quoted-printable" header and one soft break (a piece of such a mail
     * whose only long line was an output's: netdev's iproute2 otherhost patch thread, "link-netns ns-123771=").
     */
    private static boolean quotedPrintable(List<PasteRepair.Row> rows) {
        int soft = 0;
        boolean escaped = false;
        boolean declared = false;
        for (PasteRepair.Row r : rows) {
            String l = r.text();
            soft += l.endsWith("=") && !l.endsWith("==") ? 1 : 0;
            escaped |= l.contains("=3D") || l.contains("=20") || l.contains("=C2=A0") // "=C2=A0": a no-break space, as Gmail writes them
                    || QP_UTF8.matcher(l).find(); // Gmail's "3:28=E2=80=AFPM" (a narrow no-break space), issue 31 round 15b
            declared |= QP_HEADER.matcher(l).matches();
        }
        return escaped && soft >= 2 || declared && soft >= 1;
    }

    /** One character of two or more UTF-8 bytes written as =XX escapes: a lead byte (C2-F4), then a continuation byte. */
    private static final Pattern QP_UTF8 = Pattern.compile("=(?:C[2-9A-F]|D[0-9A-F]|E[0-9A-F]|F[0-4])=[89AB][0-9A-F]");

    private static final Pattern QP_HEADER =
            Pattern.compile("(?i)\\s*Content-Transfer-Encoding:\\s*quoted-printable\\s*");

    /** Joins each soft-broken line onto the one before it (the joined line's number is skipped) and decodes =XX. */
    private static List<PasteRepair.Row> decodeQuotedPrintable(List<PasteRepair.Row> rows) {
        List<PasteRepair.Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            PasteRepair.Row first = rows.get(i);
            String l = first.text();
            while (l.endsWith("=") && i + 1 < rows.size()) {
                l = l.substring(0, l.length() - 1) + rows.get(i + 1).text();
                i++;
            }
            // =XX are the bytes of the UTF-8 text ("=C2=A0" one no-break space), not characters each
            Matcher m = QP_ESCAPE.matcher(l);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            int at = 0;
            while (m.find()) {
                bytes.writeBytes(l.substring(at, m.start()).getBytes(StandardCharsets.UTF_8));
                bytes.write(Integer.parseInt(m.group(1), 16));
                at = m.end();
            }
            bytes.writeBytes(l.substring(at).getBytes(StandardCharsets.UTF_8));
            out.add(new PasteRepair.Row(first.number(), invisible(bytes.toString(StandardCharsets.UTF_8)), first.prefix()));
        }
        return out;
    }

    /** No-break spaces (a page copied from a browser, a mail's "=C2=A0") as plain ones: neither \\s nor strip() sees them. */
    private static String plainSpaces(String line) {
        return line.replace('\u00A0', ' ').replace('\u202F', ' ');
    }

    /**
     * Typographic quotes a word processor or a blog put in place of the tool's ASCII ones (ibstat's
     * "CA \u2019mlx5_0\u2019" in a README): ' and " again, as the tool printed them.
     */
    private static String plainQuotes(String line) {
        return line.replace('\u2018', '\'').replace('\u2019', '\'').replace('\u201C', '"').replace('\u201D', '"');
    }

    /**
     * Characters a page or chat adds that print as nothing: zero-width space, joiners, word joiner,
     * a byte order mark (at the start of a file saved on Windows), soft hyphen. They would stick to
     * a number or a name and stop it matching.
     */
    private static final Pattern INVISIBLE = Pattern.compile("[\u200B\u200C\u200D\u2060\uFEFF\u00AD]");

    /** No-break spaces as spaces, invisible characters gone. */
    private static String invisible(String line) {
        String plain = plainQuotes(plainSpaces(line));
        return plain.indexOf('\u200B') < 0 && plain.indexOf('\u200C') < 0 && plain.indexOf('\u200D') < 0 && plain.indexOf('\u2060') < 0
                && plain.indexOf('\uFEFF') < 0 && plain.indexOf('\u00AD') < 0 ? plain : INVISIBLE.matcher(plain).replaceAll("");
    }

    private static String entities(String line) {
        return ENTITY.matcher(line).replaceAll(r -> {
            int code;
            if (r.group(1) != null) {
                code = Integer.parseInt(r.group(1));
            } else if (r.group(2) != null) {
                code = Integer.parseInt(r.group(2), 16);
            } else {
                code = switch (r.group(3)) {
                    case "amp" -> '&';
                    case "lt" -> '<';
                    case "gt" -> '>';
                    case "quot" -> '"';
                    case "nbsp" -> ' '; // a page's no-break space, read as a plain one (as U+00A0 is)
                    default -> '\'';
                };
            }
            return Matcher.quoteReplacement(Character.isValidCodePoint(code) && code != 0 ? Character.toString(code) : r.group());
        });
    }

    public List<Chunk> split(String text) {
        List<PasteRepair.Row> rows = new ArrayList<>();
        // an output pasted inside a string literal ("output": "\nDevice #1:\n…") first: its lines then get every other repair
        // (zero-width characters and no-break spaces first: a literal's lines are judged by the parsers)
        // then a Markdown writer's backslash escapes ("rx\_bytes", "\[root@host ~\]#"), before prompts and marks are looked for
        // an output kept in code first of all: lines held as literals ("…\n" +, a list of strings), a multi-line string's
        // edges and escaped tabs (round 17), so that a literal on one line is EscapedOutput's and the rest reads as printed
        List<PasteRepair.Row> code = RawStringEdges.undo(LiteralLines.undo(
                EscapedOutput.rows(Lines.split(text).stream().map(Splitter::invisible).toList()), starts), starts);
        List<PasteRepair.Row> pasted = MarkdownEscapes.undo(htmlBreaks(EscapedOutput.decodeRows(code, starts)));
        for (PasteRepair.Row pastedRow : pasted) {
            String plain = invisible(pastedRow.text());
            if (plain.indexOf('&') >= 0) {
                plain = entities(plain);
            }
            // each regex only where its first character can be: these run on every line of a paste
            String prefix = "";
            String unquoted = plain;
            if (mayHavePrefix(plain)) {
                Matcher quote = LINE_PREFIX.matcher(plain);
                if (quote.lookingAt()) {
                    prefix = quote.group();
                    unquoted = plain.substring(prefix.length());
                }
            }
            if (unquoted.indexOf('`') >= 0 || unquoted.indexOf('~') >= 0) {
                unquoted = unfenced(unquoted);
            }
            if (unquoted.indexOf('^') >= 0 && CARET_MARKS.matcher(unquoted).matches()) {
                continue; // a writer's marks under a value, no output
            }
            String unbold = unquoted.contains("**")
                    ? BOLD_INLINE.matcher(BOLD_LINE.matcher(unquoted).replaceFirst("$1$2")).replaceAll("$1") : unquoted;
            String uncaptioned = unbold.contains("Code language: ") ? CAPTION.matcher(unbold).replaceFirst("") : unbold;
            rows.add(new PasteRepair.Row(pastedRow.number(),
                    uncaptioned.indexOf('[') >= 0 || uncaptioned.indexOf('\u001B') >= 0 ? ANSI.matcher(uncaptioned).replaceAll("")
                            : uncaptioned, prefix));
        }
        rows = TableCells.unwrap(rows); // an output set in a table of one column, a row per line: before the spacing is judged
        rows = CodeSpanLines.unwrap(rows); // lines set in inline code, a span a converter wrapped whole again: before the spacing is judged
        rows = PasteRepair.undoubleSpacing(rows); // a page's display doubled the lines: first, so the other repairs see them adjacent
        if (quotedPrintable(rows)) {
            // a mail's HTML part archived raw: its "<br>" is whole only now ("…Full<=" / "br>", parse/iperf README, round 15)
            rows = htmlBreaks(decodeQuotedPrintable(rows));
        }
        rows = IpOneline.split(rows); // before srun labels are looked for: ip -o addr's "4: eth0    inet …" lines repeat their index
        rows = PasteRepair.repair(rows, l -> prompt(l) != null || bare(l) != null || l.startsWith("# ") && rootPrompt(l) != null,
                l -> prompt(l.strip()) != null, starts);
        // literals a mail client flowed or wrapped are whole again, and a label, log prefix, quote mark, caret line or
        // elision mark between them gone: read once more (round 17)
        rows = RawStringEdges.undo(LiteralLines.undo(rows, starts), starts);
        rows = EscapedOutput.decodeRows(rows, starts); // a literal a mail client flowed or wrapped, whole again
        rows = IpOneline.split(rows); // and once more: a joined line a mail wrapped is whole only now
        rows = withoutNotes(rows); // after lines a mail flowed or wrapped are whole: a note broken across two goes whole
        rows = FieldComments.drop(rows, l -> l.startsWith("# ") && rootPrompt(l) != null || prompt(l) != null);
        // one output a page kept in several fences with prose between (a job line in one, its results in the next): one block
        rows = SplitFences.join(rows, covered, l -> prompt(l) != null || bare(l) != null || l.startsWith("# ") && rootPrompt(l) != null);
        List<String> lines = new ArrayList<>(rows.size());
        int[] numbers = new int[rows.size()];
        BitSet elided = new BitSet();
        for (int i = 0; i < rows.size(); i++) {
            lines.add(rows.get(i).text());
            numbers[i] = rows.get(i).number();
            elided.set(i, rows.get(i).elidedBefore());
        }
        List<Chunk> chunks = new ArrayList<>();
        int start = 0;
        String prompt = null;
        Command command = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("[") && MDCLI_CONTEXT.matcher(line).matches() && nextIsMdcli(lines, i)) {
                lines.set(i, "");
                continue;
            }
            if (line.startsWith("`")) {
                line = INLINE_CODE.matcher(line).replaceFirst("$1");
            } // "`$ mstflint -d 0b:00.0 q`" in a page's prose
            String[] found = prompt(line);
            if (found == null) {
                found = bare(line);
            }
            if (found == null && line.startsWith("# ")) {
                found = rootPrompt(line);
            }
            // the output's first line glued to the command ("$ ibstatCA 'mlx5_0'"): the command, then the line again
            String[] glued = GluedOutput.split(found != null ? found[1] : line.startsWith("# ") ? line.substring(2) : null,
                    lines.subList(i + 1, Math.min(lines.size(), i + 1 + GluedOutput.LOOKAHEAD)),
                    found != null ? c -> true : c -> bare(c) != null, startsFor);
            if (glued != null) {
                add(chunks, prompt, command, lines, numbers, elided, start, i);
                prompt = found != null ? found[0] : "#";
                command = Command.of(glued[0]);
                lines.set(i, glued[1]);
                start = i;
                continue;
            }
            if (found == null) {
                continue;
            }
            add(chunks, prompt, command, lines, numbers, elided, start, i);
            StringBuilder cmd = new StringBuilder(found[1] == null ? "" : found[1].strip());
            while (cmd.toString().endsWith("\\") && i + 1 < lines.size()) {
                cmd.setLength(cmd.length() - 1);
                cmd.append(' ').append(lines.get(++i).strip());
            }
            prompt = found[0];
            command = Command.of(withoutComment(cmd.toString()));
            start = i + 1;
        }
        add(chunks, prompt, command, lines, numbers, elided, start, lines.size());
        return chunks;
    }

    /**
     * The line without a {@link #GLUED_FENCE} before it, when the rest is a prompt or starts a format on its
     * own line (judged alone: what a format reads after its head depends on the head, so lines below it
     * would count differently with and without the fence); else the line.
     */
    private String unfenced(String line) {
        int fence = line.indexOf("```");
        int tilde = line.indexOf("~~~");
        if ((fence > 0 && line.indexOf("```", fence + 3) < 0 || tilde > 0 && line.indexOf("~~~", tilde + 3) < 0)) {
            Matcher closing = GLUED_CLOSING_FENCE.matcher(line);
            if (closing.find()) {
                return line.substring(0, closing.start());
            }
        }
        Matcher m = GLUED_FENCE.matcher(line);
        if (!m.lookingAt()) {
            return line;
        }
        String rest = line.substring(m.end());
        return prompt(rest.strip()) != null || starts.applyAsInt(List.of(rest)) > 0 ? rest : line;
    }

    private static void add(List<Chunk> chunks, String prompt, Command command, List<String> lines, int[] numbers, BitSet elided,
            int from, int to) {
        if (prompt == null && from >= to) {
            return;
        }
        Lines in = from < to ? new Lines(lines.subList(from, to), Arrays.copyOfRange(numbers, from, to), elided.get(from, to), command)
                : new Lines(List.of(), from < numbers.length ? numbers[from] : numbers.length == 0 ? 1 : numbers[numbers.length - 1] + 1, command);
        chunks.add(new Chunk(prompt, command, in));
    }

    private static boolean nextIsMdcli(List<String> lines, int i) {
        return i + 1 < lines.size() && lines.get(i + 1).strip().startsWith("MDCLI>");
    }

    /** {prompt, command} when the line starts with a prompt. */
    static String[] prompt(String line) {
        if (line.indexOf('#') < 0 && line.indexOf('$') < 0 && line.indexOf('>') < 0 && line.indexOf('\u276F') < 0
                && line.indexOf('\u279C') < 0 && line.indexOf('%') < 0) {
            return null; // every prompt ends in one of them: most lines of a paste are not prompts
        }
        for (Pattern p : PROMPTS) {
            Matcher m = p.matcher(line);
            if (m.matches()) {
                return new String[] {m.group(1), m.group(2)};
            }
        }
        return null;
    }

    private String[] bare(String line) {
        if (line.length() > 200 || line.isEmpty()) {
            return null;
        }
        Matcher m = BARE.matcher(line);
        if (!m.matches() || !programs.contains(m.group(1))) {
            return null;
        }
        String args = m.group(2).strip();
        if (!args.isEmpty()) {
            // a quoted argument is one word, whatever it holds ("grep -A 3 'Speed: '" in a netdev review)
            String[] words = QUOTED.matcher(args).replaceAll("''").replace("|", " | ").strip().split("\\s+");
            if (words.length == 1 && words[0].matches("\\d+\\.\\d+(?:\\.\\d+)?(?:[ab]\\d+)?")) {
                return null; // a version banner ("iperf 3.9" under -V, "iperf 3.1.7" from --version), not a command
            }
            if (m.group(1).equals("rdma") && words[0].matches("\\d.*")) {
                return null; // rdma(8) takes an object word first; "rdma 20049" is an nfsd portlist line
            }
            boolean optionLike = words.length <= 2; // "rdma link", "ip a"
            for (String a : words) {
                if (!BARE_ARG.matcher(a).matches()) {
                    return null;
                }
                // a lone ":" or "-" separates a name from its description, as a man page's NAME line does
                // ("ethtool - query or control network driver and hardware settings", quoted as "ethtool : …")
                optionLike |= !a.matches("[-:]") && (a.startsWith("-") || a.matches(".*[\\d/|:].*"));
            }
            if (!optionLike) {
                return null; // "iperf3 is a tool": prose that starts with a program's name
            }
        }
        return new String[] {"", line};
    }

    /**
     * A root shell's bare "# " prompt before a known program with arguments ("# ethtool -i eth0"),
     * as articles and mails print it; a "# " line that is prose, a shell comment or a heading naming
     * a program ("# iperf3") stays output.
     */
    private String[] rootPrompt(String line) {
        String[] found = bare(line.substring(2).strip());
        return found == null || !found[1].strip().contains(" ") ? null : new String[] {"#", found[1]};
    }

    /** Drops a trailing "# comment" that a writer added after a command, and a markdown fence glued to its end ("iperf3 -c hadar```"). */
    static String withoutComment(String cmd) {
        return cmd.replaceFirst("\\s+#\\s.*$", "").replaceFirst("\\s*```+$", "");
    }
}
