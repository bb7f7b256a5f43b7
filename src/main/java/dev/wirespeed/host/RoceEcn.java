package dev.wirespeed.host;

import java.util.List;

/**
 * ECN for RoCE congestion control (DCQCN) per priority, as mlx5 shows it in
 * /sys/class/net/NAME/ecn/roce_np/enable/0..7 (notification point: the receiver marks CNPs) and
 * roce_rp/enable/0..7 (reaction point: the sender slows down on CNPs).
 *
 * @param notificationPoint priorities with roce_np enabled
 * @param reactionPoint     priorities with roce_rp enabled
 */
public record RoceEcn(List<Integer> notificationPoint, List<Integer> reactionPoint) {
    public RoceEcn {
        notificationPoint = List.copyOf(notificationPoint);
        reactionPoint = List.copyOf(reactionPoint);
    }

    /** No priority has either side enabled. */
    public boolean off() {
        return notificationPoint.isEmpty() && reactionPoint.isEmpty();
    }
}
