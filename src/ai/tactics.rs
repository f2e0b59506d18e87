//! Immediate wins: the empty cells where one more stone completes k in a row, found from the
//! stones rather than by trying every empty cell. The `Easy` level takes such a win; the
//! search on crowded boards takes one, or blocks the opponent's, before anything else.

use crate::game::Game;
use crate::rules::{Dir, EMPTY};

/// The lowest empty cell where a stone of `stone` completes k in a row, if any. For k >= 2
/// such a cell lies next to a stone of `stone` along the line it completes, so only the cells
/// next to those stones are tried, each in the direction of that stone: on a 4096 × 4096
/// board with a few thousand stones, trying every empty cell took 0.7 s.
pub(super) fn winning_cell(game: &Game, stone: u8) -> Option<usize> {
    let rules = game.rules();
    let k = rules.k();
    if k == 1 {
        return game.legal_moves().next();
    }
    let (cells, rows, cols) = (game.board().cells(), i64::from(rules.rows()), i64::from(rules.cols()));
    let mut best: Option<usize> = None;
    game.for_each_stone(|cell| {
        if cells.get(cell) != stone {
            return;
        }
        let (row, col) = rules.row_col(cell);
        for dir in Dir::ALL.into_iter().filter(|&d| rules.span(d) >= k) {
            let (dr, dc) = dir.step();
            for (r, c) in
                [(i64::from(row) + dr, i64::from(col) + dc), (i64::from(row) - dr, i64::from(col) - dc)]
            {
                if r < 0 || c < 0 || r >= rows || c >= cols {
                    continue;
                }
                let n = (r * cols + c) as usize;
                if best.is_none_or(|b| n < b)
                    && cells.get(n) == EMPTY
                    && rules.run(cells, n, dir, stone, k - 1).1 >= k
                {
                    best = Some(n);
                }
            }
        }
    });
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::level::random_empty;
    use crate::ai::rng::Rng;
    use crate::rules::Rules;

    /// The plain definition: would a stone of `stone` on empty `cell` complete k in a row?
    fn completes_line(game: &Game, cell: usize, stone: u8) -> bool {
        let rules = game.rules();
        let k = rules.k();
        Dir::ALL
            .into_iter()
            .any(|d| rules.span(d) >= k && rules.run(game.board().cells(), cell, d, stone, k - 1).1 >= k)
    }

    /// Trying the cells next to the mover's stones finds the same winning cell as trying every
    /// empty cell, on played and loaded games of many shapes (k = 1 and 2 included), for both
    /// players, whether or not a win exists.
    #[test]
    #[cfg_attr(miri, ignore)] // pure Rust, thousands of positions
    fn winning_cell_is_the_first_empty_cell_that_wins() {
        let mut rng = Rng::new(3);
        let mut found = 0;
        for (rows, cols, k) in [(3, 3, 3), (5, 7, 4), (1, 12, 3), (12, 1, 2), (6, 6, 1), (9, 9, 5), (4, 4, 4)]
        {
            let rules = Rules::new(rows, cols, k).unwrap();
            for _ in 0..200 {
                let mut game = Game::new(rules).unwrap();
                let moves = rng.below(rules.cells());
                while game.move_count() < moves && game.to_move().is_some() {
                    let cell = random_empty(&game, rng.next_u64()).unwrap();
                    let (r, c) = rules.row_col(cell);
                    game.play(r, c).unwrap();
                }
                if game.to_move().is_none() {
                    game.undo().unwrap();
                }
                let loaded = Game::from_text(game.to_text().as_bytes()).unwrap();
                for stone in [1, 2] {
                    let want = game.legal_moves().find(|&c| completes_line(&game, c, stone));
                    found += usize::from(want.is_some());
                    assert_eq!(winning_cell(&game, stone), want, "{} for {stone}", game.to_text());
                    assert_eq!(winning_cell(&loaded, stone), want, "loaded {}", game.to_text());
                }
            }
        }
        assert!(found > 300, "too few positions with a win to take: {found}");
    }
}
