//! The one stable sort of the crate. `core` has no stable sort without a buffer; the
//! slices sorted here (queue buckets, activation entries, draw lists) are short or
//! nearly sorted, where an insertion sort is linear.

/// Sorts `items` by `key`, keeping equal keys in their current order.
pub(crate) fn stable_sort_by_key<T, K: PartialOrd>(items: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}
