/// Where one name of a template was last found: in which two shapes, at which slots.
///
/// A name inside a section over a list is looked up in the item (all items of a list usually
/// share a shape) and, when the item lacks it, in an object further down the context stack. Two
/// entries cover both without searching either shape again; a third shape replaces the entry
/// used less recently.
///
/// Shapes are told apart by identity. That is sound for one render, which is as long as a cache
/// lives: the render's data holds every shape in it, so no shape is freed and another made at
/// its address meanwhile.
struct SlotCache {
    private var recentShape: ObjectIdentifier?
    private var recentSlot = 0
    private var olderShape: ObjectIdentifier?
    private var olderSlot = 0

    /// The slot of `key` in `shape`, or `nil` when the shape lacks it.
    @inline(__always)
    mutating func slot(of key: String, in shape: MustacheShape) -> Int? {
        let identity = ObjectIdentifier(shape)
        if identity == recentShape { return recentSlot < 0 ? nil : recentSlot }
        if identity == olderShape {
            swap(&recentShape, &olderShape)
            swap(&recentSlot, &olderSlot)
            return recentSlot < 0 ? nil : recentSlot
        }
        let slot = shape.slot(of: key)
        olderShape = recentShape
        olderSlot = recentSlot
        recentShape = identity
        recentSlot = slot ?? -1
        return slot
    }
}
