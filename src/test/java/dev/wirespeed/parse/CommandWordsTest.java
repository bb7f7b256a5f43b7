package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Command.of splits a typed line as a shell does: a quoted '|' or blank does not end a word or the command. */
class CommandWordsTest {
    @Test
    void aPipeOrBlankInsideQuotesBelongsToItsWord() {
        Command grep = Command.of("egrep 'drop|err' sos_commands/networking/ethtool_-S_eth1 | sort");
        assertThat(grep.program()).isEqualTo("ethtool");
        assertThat(grep.args()).containsExactly("-S", "eth1");
        assertThat(Command.of("grep -E \"rx_.*(drop|err)\" counters.txt").args())
                .containsExactly("-E", "\"rx_.*(drop|err)\"", "counters.txt");
        assertThat(Command.of("grep 'Link detected' ethtool.out | wc -l").args()).containsExactly("'Link detected'", "ethtool.out");
    }

    @Test
    void anUnquotedPipeStillEndsTheCommand() {
        assertThat(Command.of("ethtool -S eth0 | grep -i drop").args()).containsExactly("-S", "eth0");
        assertThat(Command.of("ethtool -S eth0|grep drop").args()).containsExactly("-S", "eth0");
        assertThat(Command.of("grep a\\|b file").args()).containsExactly("a\\|b", "file");
    }

    @Test
    void anUnclosedQuoteOfACutPasteRunsToTheEnd() {
        assertThat(Command.of("grep 'drop|err").args()).containsExactly("'drop|err");
        assertThat(Command.of("   ")).isNull();
    }
}
