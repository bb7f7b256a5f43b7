package dev.wirespeed.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.cli.Main;
import dev.wirespeed.results.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/** Runs a wirespeed command line in-process and captures what it printed. */
public final class Cli {
    private Cli() {}

    public record Run(int exitCode, String out, String err) {
        /** stderr as lines, without a trailing empty one. */
        public List<String> errLines() {
            return err.isEmpty() ? List.of() : List.of(err.split("\n"));
        }
    }

    /** A command running on its own thread; its output can be read while it runs. */
    public record Running(CompletableFuture<Integer> exit, StringWriter out, StringWriter err) {
        /** Waits (bounded) until stdout contains {@code text}; false on timeout or early exit. */
        public boolean awaitOutput(String text, long timeoutMillis) throws InterruptedException {
            long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
            while (System.nanoTime() < deadline) {
                if (out.toString().contains(text)) {
                    return true;
                }
                if (exit.isDone()) {
                    return out.toString().contains(text);
                }
                Thread.sleep(20);
            }
            return false;
        }

        public Run await(long timeoutMillis) throws Exception {
            int code = exit.get(timeoutMillis, TimeUnit.MILLISECONDS);
            return new Run(code, out.toString(), err.toString());
        }
    }

    public static Running start(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var exit = CompletableFuture.supplyAsync(
                () -> Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true)));
        return new Running(exit, out, err);
    }

    /** Runs a command line that must exit 0 and print JSON valid against {@code schema} (docs/json); that JSON. */
    public static JsonNode json(String schema, List<String> args) {
        Run r = run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(JsonSchemas.errors(schema, r.out())).as(r.out()).isEmpty();
        return Json.MAPPER.readTree(r.out());
    }

    public static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }
}
