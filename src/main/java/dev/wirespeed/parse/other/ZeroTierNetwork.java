package dev.wirespeed.parse.other;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * A network this node joined, as {@code zerotier-cli listnetworks} prints it: "200 listnetworks
 * NWID NAME MAC STATUS TYPE DEV IPS" (one.cpp; NAME is empty until the controller sends the config,
 * IPS "-" when none is assigned, else comma-separated).
 *
 * @param status    OK, ACCESS_DENIED (not authorised by the controller), REQUESTING_CONFIGURATION, NOT_FOUND …
 * @param type      PRIVATE or PUBLIC
 * @param device    the tap device ("zt0", "ztk4jb4tvn")
 * @param addresses the assigned addresses with their prefix length
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("ZeroTierNetwork")
public record ZeroTierNetwork(String networkId, String name, String mac, String status, String type, String device,
                              List<String> addresses, Source source) implements LogInput {
    public ZeroTierNetwork {
        addresses = List.copyOf(addresses);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("network", networkId).put("name", name).put("status", status).put("type", type)
                .put("device", device).put("addresses", addresses.isEmpty() ? null : String.join(",", addresses)).map();
    }

    /** A joined ZeroTier network: read by the zerotier rule from the log. */
    @Override
    public void addFacts(FactSink out) {}
}
