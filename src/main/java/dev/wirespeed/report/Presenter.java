package dev.wirespeed.report;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwSweepResult;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.ServerOutput;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.PrintWriter;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * How a client test is shown, chosen once from the command line ({@code -J}, {@code --json-stream},
 * {@code --json-format}): text (live lines, then the summary), one JSON document at the end, or
 * iperf3's JSON stream (events as the test goes, "end" with the document). Text and JSON come from
 * the same result.
 *
 * @param <P> the test's parameters as it starts
 * @param <I> one live report (interval or row)
 * @param <R> the result
 */
public final class Presenter<P, I, R> {
    /** The three ways to show a test. */
    public enum Form {
        TEXT, JSON, JSON_STREAM;

        public static Form of(boolean json, boolean jsonStream) {
            return json ? JSON : jsonStream ? JSON_STREAM : TEXT;
        }
    }

    /** A mode's text: what it prints as the test goes, and its summary. */
    public interface Text<P, I, R> {
        TestListener<P, I> live(PrintWriter out);

        void summary(PrintWriter out, R result);
    }

    private final Form form;
    private final PrintWriter out;
    private final Text<P, I, R> text;
    private final Function<R, String> json;
    private final Function<R, ServerOutput> serverOutput;

    /**
     * @param json         the JSON document of a result (-J: the mode's schema, or iperf3's shape)
     * @param serverOutput the server's report of the test to stream before "end" (null: none)
     */
    public Presenter(Form form, PrintWriter out, Text<P, I, R> text, Function<R, String> json,
                     Function<R, ServerOutput> serverOutput) {
        this.form = form;
        this.out = out;
        this.text = text;
        this.json = json;
        this.serverOutput = serverOutput;
    }

    public Form form() {
        return form;
    }

    /** Standard output carries a JSON document or stream alone: nothing else is printed on it. */
    public boolean quiet() {
        return form != Form.TEXT;
    }

    /** What is shown as the test goes, on the command's output. */
    public TestListener<P, I> live() {
        return live(out);
    }

    /** As {@link #live()}, written through {@code to} (a progress line's writer). */
    public TestListener<P, I> live(PrintWriter to) {
        return switch (form) {
            case TEXT -> text.live(to);
            case JSON_STREAM -> JsonStream.listener(to);
            case JSON -> TestListener.none();
        };
    }

    /** The result: the text's summary, the JSON document, or the stream's last events. */
    public void result(R result) {
        switch (form) {
            case TEXT -> text.summary(out, result);
            case JSON -> out.println(json.apply(result));
            case JSON_STREAM -> {
                if (serverOutput != null) {
                    JsonStream.serverOutput(out, serverOutput.apply(result));
                }
                JsonStream.event(out, "end", result);
            }
        }
        out.flush();
    }

    /** A mode's text from its live lines and its summary, each written to the writer it is given. */
    public static <P, I, R> Text<P, I, R> text(Function<PrintWriter, TestListener<P, I>> live,
                                               BiConsumer<PrintWriter, R> summary) {
        return new Text<>() {
            @Override
            public TestListener<P, I> live(PrintWriter out) {
                return live.apply(out);
            }

            @Override
            public void summary(PrintWriter out, R result) {
                summary.accept(out, result);
            }
        };
    }

    /** Live lines: a header when connected, a line per report. */
    public static <P, I> TestListener<P, I> lines(BiConsumer<BwResult.Peer, P> header, Consumer<I> line) {
        return new TestListener<>() {
            @Override
            public void connected(BwResult.Peer server, P params) {
                header.accept(server, params);
            }

            @Override
            public void interval(I report) {
                line.accept(report);
            }
        };
    }

    /** bw's TCP text: header, intervals (both directions' columns with --bidir), summary. */
    public static Text<BwResult.BwParams, BwResult.IntervalReport, BwResult> bwText(TestSpec test, RateUnit unit) {
        return text(out -> bwLive(out, test, unit), (out, result) -> new BwText(out, false, unit).summary(result));
    }

    /** bw's TCP live lines alone (latency under load prints its own summary). */
    public static TestListener<BwResult.BwParams, BwResult.IntervalReport> bwLive(PrintWriter out, TestSpec test,
                                                                                RateUnit unit) {
        BwText text = new BwText(out, test.direction() == Direction.BIDIR, unit);
        return lines(text::header, text::interval);
    }

    /** bw --udp's text. */
    public static Text<TestSpec, UdpResult.UdpInterval, UdpResult> udpText(TestSpec test, RateUnit unit) {
        return text(out -> {
            UdpText text = new UdpText(out, test.direction() == Direction.BIDIR, unit);
            return lines(text::header, text::interval);
        }, (out, result) -> new UdpText(out, false, unit).summary(result));
    }

    /** bw -a's text: a row per size as it finishes; the summary is the server's word on sharing. */
    public static Text<BwSweepResult.SweepParams, BwSweepResult.SweepRow, BwSweepResult> sweepText(RateUnit unit) {
        return text(out -> {
            SweepText text = new SweepText(out, unit);
            return lines(text::header, text::row);
        }, (out, result) -> {
            String shared = SharingText.line(result.serverSharedWithTests(), SharingText.RATES);
            if (shared != null) {
                out.println(shared);
            }
        });
    }

    /** lat's text: a row per size as it finishes, then the summary. */
    public static Text<LatResult.LatParams, LatResult.LatRow, LatResult> latText() {
        return text(out -> {
            LatText text = new LatText(out);
            return lines(text::header, text::row);
        }, (out, result) -> new LatText(out).summary(result));
    }
}
