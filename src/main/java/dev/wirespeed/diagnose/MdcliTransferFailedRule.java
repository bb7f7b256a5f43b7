package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.other.MdcliRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A Huawei MD-CLI file transfer that failed: {@code emit} of ftpc-transfer-file answers only with a task id
 * ({"huawei-ftpc:transfer-id": 3}) and download-upgrade-package with nothing, so the failure shows only in the
 * JSON of {@code display ftpc/transfer-tasks} or {@code display software/download-result}
 * (src/test/resources/parse/other/mdcli-transfer-tasks-seed000.txt checks both for "succeeded").
 */
final class MdcliTransferFailedRule implements LogRule {
    @Override
    public String id() {
        return "mdcli-transfer-failed";
    }

    @Override
    public String description() {
        return "an MD-CLI FTP transfer or image download failed (shown only in its task's JSON)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (MdcliRecord r : log.all(MdcliRecord.class)) {
            boolean task = r.object().equals("transfer-task");
            boolean download = r.object().contains("download-result");
            String status = r.get("status");
            if (!(task || download) || status == null || !status.toLowerCase(Locale.ROOT).contains("fail")) {
                continue;
            }
            String file = r.get(task ? "remote-file-name" : "file-name");
            String what = task ? "ftpc transfer " + r.get("transfer-id") + " (" + r.get("command-type") + " " + file + ", "
                    + r.get("server-address") + ":" + r.get("server-port") + ")" : "image download of " + file;
            String at = r.get("percentage") == null ? "" : " at " + r.get("percentage") + " %";
            out.add(new Finding(id(), Severity.WARN, task ? "ftpc transfer" : "image download", what + " " + status + at
                    + ": emit printed no error, only the task's JSON says so",
                    List.of(new Evidence("mdcli, line " + r.source().line(), r.source().text().strip())), null,
                    Fix.action("check the FTP server from the AP: its address and port, user and password, that it lets"
                            + " this user " + ("put".equals(r.get("command-type")) ? "write" : "read") + " the file, the"
                            + " exact file name; then emit again and display the task until it says succeeded")));
        }
        return out;
    }
}
