package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A file sosreport saved a command's output in, shown with cat or grep, stands for that command (Command.of). */
class CommandSavedFileTest {

    @Test
    void aSosreportFileShownWithCatOrGrepIsTheCommandItsNameSpells() {
        Command grep = Command.of("grep pause sos_commands/networking/ethtool_-S_eth1");
        assertThat(grep.program()).isEqualTo("ethtool");
        assertThat(grep.args()).containsExactly("-S", "eth1");
        assertThat(Command.of("cat ./sosreport-host-2024/sos_commands/networking/ip_-s_-d_link").args()).containsExactly("-s", "-d", "link");
        // in sos_commands/networking itself: the option in the name says what it is
        assertThat(Command.of("less ethtool_-i_ens1f0np0").program()).isEqualTo("ethtool");
        assertThat(Command.of("cat sos_commands/infiniband/ibstat").program()).isEqualTo("ibstat");
    }

    @Test
    void otherFilesAndGlobsStayTheReadersCommand() {
        // a file named like a tool's output outside a sosreport may hold anything
        assertThat(Command.of("cat ip_addr").program()).isEqualTo("cat");
        // several files: grep prefixes each line with its file's name, so no one interface is meant
        Command glob = Command.of("egrep -i drop sos_commands/networking/ethtool_-S_eth*");
        assertThat(glob.program()).isEqualTo("egrep");
        assertThat(glob.args()).isEqualTo(List.of("-i", "drop", "sos_commands/networking/ethtool_-S_eth*"));
        // a tool's name that only begins the file's name is another tool
        assertThat(Command.of("cat sos_commands/networking/ipsec_status").program()).isEqualTo("cat");
    }
}
