package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/** A network interface from {@code ip link} / {@code ip addr}. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NetInterface")
public record NetInterfaceRecord(Integer index, String name, List<String> flags, Integer mtuBytes, String state,
                           String linkType, String address, List<String> addresses, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", name).put("state", state).put("mtu", mtuBytes)
                .put("link", linkType).put("addresses", String.join(" ", addresses)).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
