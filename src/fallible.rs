//! Collections built so that running out of memory is `Error::OutOfMemory`, never an abort of
//! the host process: every vector the library makes is reserved with `try_reserve` first,
//! directly or through these. (`Vec::push`, `collect` and `format!` abort when an allocation
//! fails; `tests/alloc_failure.rs` fails every allocation of every entry point in turn.)

use crate::error::Error;

/// The items of an exact-size iterator in a new vector.
pub(crate) fn try_collect<T>(items: impl ExactSizeIterator<Item = T>) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(items.len())?;
    // The room is there, so this never grows the vector.
    v.extend(items);
    Ok(v)
}

/// A copy of a slice in a new vector.
pub(crate) fn try_copy<T: Copy>(items: &[T]) -> Result<Vec<T>, Error> {
    try_collect(items.iter().copied())
}

/// `n` copies of `value` in a new vector.
pub(crate) fn try_filled<T: Clone>(value: T, n: usize) -> Result<Vec<T>, Error> {
    try_collect(std::iter::repeat_n(value, n))
}

/// An empty vector with room for `n` items.
pub(crate) fn try_with_capacity<T>(n: usize) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)?;
    Ok(v)
}
