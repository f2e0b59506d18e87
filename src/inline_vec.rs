//! A vector that keeps up to `N` items inside its owner and spills to the heap beyond that, so a
//! tic-tac-toe-sized game lives in one allocation (the handle) while a 4096 × 4096 game still
//! works. Growth reports allocation failure instead of aborting.

use crate::error::Error;

/// Up to `N` items inline, more on the heap. Items are in `inline[..len]` while `len <= N` and
/// nothing was ever spilled, else in `heap`; `heap` has capacity only once spilled.
#[derive(Clone, Debug)]
pub struct InlineVec<T: Copy + Default, const N: usize> {
    inline: [T; N],
    len: usize,
    heap: Vec<T>,
    spilled: bool,
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        InlineVec { inline: [T::default(); N], len: 0, heap: Vec::new(), spilled: false }
    }
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    /// A vector with room for `capacity` items reserved up front.
    pub fn with_capacity(capacity: usize) -> Result<Self, Error> {
        let mut v = Self::default();
        if capacity > N {
            v.heap.try_reserve_exact(capacity)?;
            v.spilled = true;
        }
        Ok(v)
    }

    /// The items.
    pub fn as_slice(&self) -> &[T] {
        if self.spilled {
            &self.heap
        } else {
            &self.inline[..self.len]
        }
    }

    /// Appends an item; `OutOfMemory` (and no change) if the heap cannot grow. Always inlined:
    /// it is on every move, and the growth path is out of line.
    #[inline(always)]
    pub fn try_push(&mut self, item: T) -> Result<(), Error> {
        if self.spilled {
            if self.heap.len() < self.heap.capacity() {
                self.heap.push(item);
                return Ok(());
            }
        } else if self.len < N {
            self.inline[self.len] = item;
            self.len += 1;
            return Ok(());
        }
        self.push_to_heap(item)
    }

    /// Appends an item if the items are on the heap and it has room without growing; false
    /// (and no change) otherwise. The quick path of a move: no allocation, no call.
    #[inline(always)]
    pub fn push_within_capacity(&mut self, item: T) -> bool {
        // Room on the heap means spilled (see the type), so one compare decides.
        if self.heap.len() < self.heap.capacity() {
            debug_assert!(self.spilled);
            self.heap.push(item);
            return true;
        }
        false
    }

    #[cold]
    fn push_to_heap(&mut self, item: T) -> Result<(), Error> {
        if !self.spilled {
            self.heap.try_reserve(2 * N.max(4))?;
            self.heap.extend_from_slice(&self.inline[..self.len]);
            self.spilled = true;
        }
        self.heap.try_reserve(1)?;
        self.heap.push(item);
        Ok(())
    }

    /// Removes and returns the last item.
    pub fn pop(&mut self) -> Option<T> {
        if self.spilled {
            self.heap.pop()
        } else if self.len > 0 {
            self.len -= 1;
            Some(self.inline[self.len])
        } else {
            None
        }
    }

    /// A copy that reports allocation failure instead of aborting.
    pub fn try_clone(&self) -> Result<Self, Error> {
        let mut heap = Vec::new();
        if self.spilled {
            heap.try_reserve_exact(self.heap.len())?;
            heap.extend_from_slice(&self.heap);
        }
        Ok(InlineVec { inline: self.inline, len: self.len, heap, spilled: self.spilled })
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for InlineVec<T, N> {}

#[cfg(test)]
mod tests {
    use super::InlineVec;

    #[test]
    fn spills_to_the_heap_and_back_keeps_order() {
        let mut v: InlineVec<u32, 3> = InlineVec::default();
        for i in 0..10 {
            v.try_push(i).unwrap();
            assert_eq!(v.as_slice(), (0..=i).collect::<Vec<_>>());
        }
        let copy = v.try_clone().unwrap();
        for i in (0..10).rev() {
            assert_eq!(v.pop(), Some(i));
        }
        assert_eq!(v.pop(), None);
        assert_eq!(copy.as_slice().len(), 10);
    }
}
