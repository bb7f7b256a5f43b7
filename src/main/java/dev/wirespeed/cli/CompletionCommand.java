package dev.wirespeed.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "completion",
        header = "Print the shell completion script for bash, zsh or fish.",
        mixinStandardHelpOptions = true,
        description = {"The script completes commands, options and the values of enumerated options.",
            "The release tarball and the .deb ship it already (share/bash-completion, share/zsh)."},
        footer = {"", "Examples:",
            "  source <(wirespeed completion bash)                     this bash session",
            "  wirespeed completion bash > ~/.local/share/bash-completion/completions/wirespeed",
            "  wirespeed completion zsh > \"${fpath[1]}/_wirespeed\"     zsh (uses bashcompinit)",
            "  wirespeed completion fish > ~/.config/fish/completions/wirespeed.fish"})
final class CompletionCommand implements Callable<Integer> {
    enum Shell { bash, zsh, fish }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SHELL", description = "bash, zsh or fish.")
    Shell shell;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(script(shell));
        spec.commandLine().getOut().flush();
        return ExitCode.OK;
    }

    static String script(Shell shell) {
        if (shell == Shell.fish) {
            return FishCompletion.script(Main.model());
        }
        // picocli's script is bash; zsh runs it through bashcompinit, which the script loads itself.
        String bash = AutoComplete.bash("wirespeed", Main.model());
        return shell == Shell.zsh ? "#compdef wirespeed\n" + bash : bash;
    }
}
