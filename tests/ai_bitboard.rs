//! The solver's bitboard line tests are the same rule as `Rules::line_at`, the one every other
//! entry point uses: exhaustively on small boards, on random boards for larger ones.

use tictactoe::ai::bitboard::Geometry;
use tictactoe::ai::rng::Rng;
use tictactoe::Rules;

/// Compares `has_line` and `win_cells` for the stones `mine` (row-major cell set) with the
/// answers `Rules::line_at` gives on the same board.
fn compare(rules: Rules, geo: &Geometry, mine: &[bool]) {
    let mut cells: Vec<u8> = mine.iter().map(|&m| u8::from(m)).collect();
    let board = geo.boards(cells.iter().copied())[0];
    let has = (0..cells.len()).any(|i| cells[i] == 1 && rules.line_at(&cells, i).is_some());
    assert_eq!(geo.has_line(board), has, "{rules:?} {cells:?}");
    let wins = geo.win_cells(board);
    for i in 0..cells.len() {
        let before = cells[i];
        cells[i] = 1;
        let completes = rules.line_at(&cells, i).is_some();
        cells[i] = before;
        assert_eq!(wins & 1 << geo.bit(i) != 0, completes, "{rules:?} cell {i} of {cells:?}");
    }
    assert_eq!(wins & !geo.all(), 0, "only real cells");

    // `reach`: the cells of k-windows made only of `mine` cells, found by walking each window.
    let (rows, cols, k) = (rules.rows() as i64, rules.cols() as i64, rules.k() as i64);
    let mut covered = vec![false; cells.len()];
    for start in 0..rows * cols {
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            let window: Vec<(i64, i64)> =
                (0..k).map(|i| (start / cols + i * dr, start % cols + i * dc)).collect();
            let inside = window.iter().all(|&(r, c)| r >= 0 && c >= 0 && r < rows && c < cols);
            if inside && window.iter().all(|&(r, c)| mine[(r * cols + c) as usize]) {
                window.iter().for_each(|&(r, c)| covered[(r * cols + c) as usize] = true);
            }
        }
    }
    let reach = geo.reach(board);
    for (i, &want) in covered.iter().enumerate() {
        assert_eq!(reach & 1 << geo.bit(i) != 0, want, "reach: {rules:?} cell {i} of {cells:?}");
    }
}

#[test]
fn every_board_up_to_twelve_cells() {
    let mut shapes = 0;
    for rows in 1..=12u32 {
        for cols in 1..=12 / rows {
            for k in 1..=rows.max(cols) {
                let rules = Rules::new(rows, cols, k).unwrap();
                let geo = Geometry::new(rules).unwrap();
                let n = rules.cells();
                for set in 0u32..1 << n {
                    let mine: Vec<bool> = (0..n).map(|i| set & 1 << i != 0).collect();
                    compare(rules, &geo, &mine);
                }
                shapes += 1;
            }
        }
    }
    assert!(shapes > 60);
}

#[test]
fn random_boards_on_every_shape_that_fits() {
    let mut rng = Rng::new(7);
    for rows in 1..=64u32 {
        for cols in 1..=64 {
            if Geometry::new(Rules::new(rows, cols, 1).unwrap()).is_none() {
                continue;
            }
            for k in [2, 3, 4, 5, 7].into_iter().chain([rows.max(cols)]).filter(|&k| k <= rows.max(cols)) {
                let rules = Rules::new(rows, cols, k).unwrap();
                let geo = Geometry::new(rules).unwrap();
                for _ in 0..20 {
                    // Dense and sparse boards both matter: vary the stone density.
                    let density = rng.below(100);
                    let mine: Vec<bool> = (0..rules.cells()).map(|_| rng.below(100) < density).collect();
                    compare(rules, &geo, &mine);
                }
            }
        }
    }
}

#[test]
fn boards_that_do_not_fit_are_refused() {
    assert!(Geometry::new(Rules::new(8, 8, 5).unwrap()).is_none());
    assert!(Geometry::new(Rules::new(8, 7, 5).unwrap()).is_some());
    assert!(Geometry::new(Rules::new(1, 63, 5).unwrap()).is_some());
    assert!(Geometry::new(Rules::new(33, 1, 5).unwrap()).is_none());
}
