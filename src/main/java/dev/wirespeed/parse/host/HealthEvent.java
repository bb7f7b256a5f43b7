package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * mlx5's firmware health report (drivers/net/ethernet/mellanox/mlx5/core/health.c, print_health_info):
 * the health buffer's syndrome and its meaning, e.g. "synd 0x7: irisc not responding". The adapter's
 * firmware has stopped or asserted; the driver then tries to recover the device.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("HealthEvent")
public record HealthEvent(String driver, String address, String syndrome, String status, Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", address).put("syndrome", syndrome).put("status", status).map();
    }

    /** mlx5 firmware health syndromes: the kernel-log rule's, like module events. */
    @Override
    public void addFacts(FactSink out) {}
}
