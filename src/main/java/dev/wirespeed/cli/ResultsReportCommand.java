package dev.wirespeed.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "report")
public final class ResultsReportCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return 0;
    }
}
