//! The board as the threat search sees it: a rectangle around the stones, its k-windows, and
//! per window how many stones of each player it holds, kept up to date as stones come and go.
//!
//! The rectangle is the stones' box widened by `MARGIN_PER_K` × k on each side (clipped to
//! the board) and padded by k − 1 more cells, so that every window through a cell of the box
//! lies in it. Padding cells off the board are walls: no window holds one. Padding cells on the
//! board are "far": empty cells the search never plays. A window holding a far cell is of no
//! use to the attacker (who could not complete it here), but counts for the defender, whose
//! threats the search must never overlook.

use crate::error::Error;
use crate::fallible::{try_collect, try_copy, try_filled, try_with_capacity};
use crate::game::Game;
use crate::rules::EMPTY;

/// An empty board cell the search may not play (outside the rectangle it works on).
pub(super) const FAR: u8 = 3;
/// A cell off the board.
const WALL: u8 = 4;
/// The margin around the stones' box, in multiples of k.
const MARGIN_PER_K: u32 = 2;
/// Most window memberships (cells × directions × k, k counted as at least 8) the grid takes
/// on: 2^20, 4 MiB of them and under 4 MiB of windows. A position that needs more is out of
/// the threat search's reach.
const MAX_MEMBERS: usize = 1 << 20;
/// The levels of windows kept in lists: one to three stones short of k.
pub(super) const LEVELS: usize = 3;

/// A window: its first cell and the step to the next.
#[derive(Clone, Copy)]
struct Window {
    first: u32,
    step: u32,
}

/// The grid, its windows and their counts.
pub(super) struct Grid {
    cells: Vec<u8>,
    /// Columns of the grid (padding included), and the board's row and column of its cell 0.
    stride: usize,
    row0: i64,
    col0: i64,
    k: u32,
    windows: Vec<Window>,
    /// Per window: the stones of player 1 and 2, and its far cells.
    stones: Vec<[u32; 2]>,
    far: Vec<u32>,
    /// The windows through each cell: `members[member_at[c]..member_at[c + 1]]`.
    member_at: Vec<u32>,
    members: Vec<u32>,
    /// Per player (index 0 and 1) and per level s (index s − 1, s from 1 to `LEVELS`): the
    /// windows that player may still complete (no stone of the other's) holding k − s of its
    /// stones, and each window's place in its list per player (`u32::MAX` when in none). The
    /// only windows a threat can come from, so the only ones a search node reads.
    levels: [[Vec<u32>; LEVELS]; 2],
    level_at: Vec<[u32; 2]>,
    /// A Zobrist-style hash of the stones placed.
    hash: u64,
}

/// A mixing function for the hash: cell and player to 64 well-spread bits.
fn mix(cell: usize, stone: u8) -> u64 {
    let mut z =
        (cell as u64).wrapping_mul(2).wrapping_add(u64::from(stone)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Grid {
    /// The grid around the stones of `game`; `None` when the game has no stones or the grid
    /// would exceed `MAX_MEMBERS`.
    pub(super) fn around(game: &Game) -> Result<Option<Grid>, Error> {
        let rules = game.rules();
        let mut stones = Vec::new();
        let mut bounds: Option<(u32, u32, u32, u32)> = None;
        let mut too_many = false;
        game.for_each_stone(|cell| {
            let (r, c) = rules.row_col(cell);
            bounds =
                Some(bounds.map_or((r, c, r, c), |(t, l, b, rt)| (t.min(r), l.min(c), b.max(r), rt.max(c))));
            if stones.try_reserve(1).is_ok() {
                stones.push(cell);
            } else {
                too_many = true;
            }
        });
        let Some((top, left, bottom, right)) = bounds else { return Ok(None) };
        if too_many {
            return Err(Error::OutOfMemory);
        }
        let k = rules.k();
        let margin = i64::from(k.saturating_mul(MARGIN_PER_K));
        let pad = i64::from(k) - 1;
        let (rows, cols) = (i64::from(rules.rows()), i64::from(rules.cols()));
        // The rectangle the search plays in, in board coordinates, inclusive.
        let (rt, rl) = ((i64::from(top) - margin).max(0), (i64::from(left) - margin).max(0));
        let (rb, rr) =
            ((i64::from(bottom) + margin).min(rows - 1), (i64::from(right) + margin).min(cols - 1));
        let (row0, col0) = (rt - pad, rl - pad);
        let (height, width) = (rb - rt + 1 + 2 * pad, rr - rl + 1 + 2 * pad);
        let n = usize::try_from(height.saturating_mul(width)).unwrap_or(usize::MAX);
        if n.saturating_mul(4).saturating_mul(k.max(8) as usize) > MAX_MEMBERS {
            return Ok(None);
        }
        let mut cells = try_filled(WALL, n)?;
        let board = game.board().cells();
        for gr in 0..height {
            for gc in 0..width {
                let (r, c) = (gr + row0, gc + col0);
                if (0..rows).contains(&r) && (0..cols).contains(&c) {
                    let inside = (rt..=rb).contains(&r) && (rl..=rr).contains(&c);
                    let on_board = board.get((r * cols + c) as usize);
                    cells[(gr * width + gc) as usize] = if on_board != EMPTY || inside { EMPTY } else { FAR };
                }
            }
        }
        let mut grid = Grid::with_windows(cells, width as usize, k)?;
        grid.row0 = row0;
        grid.col0 = col0;
        for cell in stones {
            let (r, c) = rules.row_col(cell);
            let at = (i64::from(r) - row0) as usize * grid.stride + (i64::from(c) - col0) as usize;
            grid.place(at, board.get(cell));
        }
        Ok(Some(grid))
    }

    /// A grid of empty cells, walls and far cells, `stride` columns wide, with its windows.
    fn with_windows(cells: Vec<u8>, stride: usize, k: u32) -> Result<Grid, Error> {
        let height = cells.len() / stride;
        let ku = k as usize;
        let mut windows = Vec::new();
        for r in 0..height {
            for c in 0..stride {
                let ends = [(0, 1), (1, 0), (1, 1), (1, -1)].map(|(dr, dc): (usize, i64)| {
                    let end_r = r + dr * (ku - 1);
                    let end_c = c as i64 + dc * (ku as i64 - 1);
                    let fits = end_r < height && (0..stride as i64).contains(&end_c);
                    (fits, (dr * stride) as i64 + dc)
                });
                for (fits, step) in ends {
                    if !fits {
                        continue;
                    }
                    let at = |i: usize| cells[((r * stride + c) as i64 + i as i64 * step) as usize];
                    if (0..ku).any(|i| at(i) == WALL) || (0..ku).all(|i| at(i) == FAR) {
                        continue;
                    }
                    windows.try_reserve(1).map_err(|_| Error::OutOfMemory)?;
                    windows.push(Window { first: (r * stride + c) as u32, step: step as u32 });
                }
            }
        }
        let mut member_at = try_filled(0u32, cells.len() + 1)?;
        for w in &windows {
            for i in 0..k {
                member_at[w.first.wrapping_add(i.wrapping_mul(w.step)) as usize + 1] += 1;
            }
        }
        for c in 0..cells.len() {
            member_at[c + 1] += member_at[c];
        }
        let mut members = try_filled(0u32, member_at[cells.len()] as usize)?;
        let mut next = try_copy(&member_at)?;
        for (index, w) in windows.iter().enumerate() {
            for i in 0..k {
                let cell = w.first.wrapping_add(i.wrapping_mul(w.step)) as usize;
                members[next[cell] as usize] = index as u32;
                next[cell] += 1;
            }
        }
        let far = try_collect(windows.iter().map(|w| {
            (0..k).filter(|&i| cells[w.first.wrapping_add(i.wrapping_mul(w.step)) as usize] == FAR).count()
                as u32
        }))?;
        let count = windows.len();
        let mut grid = Grid {
            cells,
            stride,
            row0: 0,
            col0: 0,
            k,
            windows,
            stones: try_filled([0, 0], count)?,
            far,
            member_at,
            members,
            levels: [
                [try_with_capacity(count)?, try_with_capacity(count)?, try_with_capacity(count)?],
                [try_with_capacity(count)?, try_with_capacity(count)?, try_with_capacity(count)?],
            ],
            level_at: try_filled([u32::MAX; 2], count)?,
            hash: 0,
        };
        for w in 0..count {
            grid.refresh(w, 0, None);
            grid.refresh(w, 1, None);
        }
        Ok(grid)
    }

    pub(super) fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash once a stone of `stone` is on `cell`.
    pub(super) fn hash_after(&self, cell: usize, stone: u8) -> u64 {
        self.hash ^ mix(cell, stone)
    }

    /// The cells of the grid, walls and padding included.
    pub(super) fn len(&self) -> usize {
        self.cells.len()
    }

    pub(super) fn cell(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// The grid cell of the board's (row, col), if the grid holds it.
    pub(super) fn grid_cell(&self, row: u32, col: u32) -> Option<usize> {
        let (r, c) = (i64::from(row) - self.row0, i64::from(col) - self.col0);
        let height = (self.cells.len() / self.stride) as i64;
        ((0..height).contains(&r) && (0..self.stride as i64).contains(&c))
            .then(|| r as usize * self.stride + c as usize)
    }

    /// The board's (row, col) of a grid cell.
    pub(super) fn board_row_col(&self, cell: usize) -> (u32, u32) {
        let (r, c) = (cell / self.stride, cell % self.stride);
        ((r as i64 + self.row0) as u32, (c as i64 + self.col0) as u32)
    }

    /// The windows `stone` (1 or 2) may still complete that hold k − `short` of its stones
    /// (`short` from 1 to `LEVELS`).
    pub(super) fn level(&self, stone: u8, short: u32) -> &[u32] {
        &self.levels[usize::from(stone - 1)][short as usize - 1]
    }

    /// The far cells of window `w`.
    pub(super) fn far(&self, w: u32) -> u32 {
        self.far[w as usize]
    }

    /// The cells of window `w` that hold no stone (far cells among them).
    pub(super) fn open_cells(&self, w: u32) -> impl Iterator<Item = usize> + '_ {
        let Window { first, step } = self.windows[w as usize];
        (0..self.k)
            .map(move |i| first.wrapping_add(i.wrapping_mul(step)) as usize)
            .filter(|&c| matches!(self.cells[c], EMPTY | FAR))
    }

    /// Puts a stone of `stone` (1 or 2) on the empty cell `cell`.
    pub(super) fn place(&mut self, cell: usize, stone: u8) {
        debug_assert_eq!(self.cells[cell], EMPTY);
        self.cells[cell] = stone;
        self.hash ^= mix(cell, stone);
        self.count(cell, stone, true);
    }

    /// Takes the stone off `cell`.
    pub(super) fn remove(&mut self, cell: usize) {
        let stone = self.cells[cell];
        self.cells[cell] = EMPTY;
        self.hash ^= mix(cell, stone);
        self.count(cell, stone, false);
    }

    fn count(&mut self, cell: usize, stone: u8, add: bool) {
        let p = usize::from(stone - 1);
        // Counts at or below this matter to no list.
        let low = self.k.saturating_sub(LEVELS as u32 + 1);
        for m in self.member_at[cell]..self.member_at[cell + 1] {
            let w = self.members[m as usize] as usize;
            let before = self.stones[w];
            let n = &mut self.stones[w][p];
            *n = if add { *n + 1 } else { *n - 1 };
            // The player's own level moves (while the window is still its); the other's list
            // loses or regains the window with the player's first stone in it.
            if before[1 - p] == 0 && before[p].max(self.stones[w][p]) > low {
                self.refresh(w, p, Some(before));
            }
            if before[p].min(self.stones[w][p]) == 0 && before[1 - p] > low {
                self.refresh(w, 1 - p, Some(before));
            }
        }
    }

    /// The list of player index `p` that a window of `counts` belongs in, as `short − 1`.
    fn level_of(&self, counts: [u32; 2], p: usize) -> Option<usize> {
        let short = self.k.checked_sub(counts[p])?;
        (counts[1 - p] == 0 && (1..=LEVELS as u32).contains(&short)).then(|| short as usize - 1)
    }

    /// Moves window `w` to the list of player index `p` that its counts now say, from the one
    /// its counts `before` said (`None`: from no list).
    fn refresh(&mut self, w: usize, p: usize, before: Option<[u32; 2]>) {
        let old = before.and_then(|b| self.level_of(b, p));
        let new = self.level_of(self.stones[w], p);
        if old == new {
            return;
        }
        if let Some(l) = old {
            let list = &mut self.levels[p][l];
            let at = self.level_at[w][p] as usize;
            let last = *list.last().expect("w is in the list");
            list.swap_remove(at);
            if last as usize != w {
                self.level_at[last as usize][p] = at as u32;
            }
            self.level_at[w][p] = u32::MAX;
        }
        if let Some(l) = new {
            let list = &mut self.levels[p][l];
            self.level_at[w][p] = list.len() as u32;
            list.push(w as u32);
        }
    }
}
