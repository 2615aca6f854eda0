//! The census a user would write by hand for a sliding-tile board: a FIFO
//! queue of ranks and a distance array indexed by the Lehmer rank of the
//! tiles, no search library (the rank is the core's). The baseline the core's census is measured against
//! (`cargo bench --bench sliding -- census`).

/// `layers[d]`: boards `d` moves from the blank-last goal of a `w x h`
/// board (at most 12 cells).
pub fn hand_written(w: usize, h: usize) -> Vec<u64> {
    let n = w * h;
    assert!((4..=12).contains(&n), "2x2 to 12 cells");
    let space: usize = (1..=n).product();
    let mut dist = vec![u8::MAX; space];
    let mut queue: Vec<u32> = Vec::with_capacity(space / 2);
    let goal: Vec<u8> = (1..n as u8).chain([0]).collect();
    let start = rank(&goal);
    dist[start] = 0;
    queue.push(start as u32);
    let mut head = 0;
    let mut tiles = [0u8; 12];
    while head < queue.len() {
        let r = queue[head] as usize;
        head += 1;
        unrank(r, &mut tiles[..n]);
        let d = dist[r] + 1;
        // Every permutation holds the blank.
        let Some(blank) = tiles[..n].iter().position(|&t| t == 0) else {
            continue;
        };
        let (row, col) = (blank / w, blank % w);
        let mut next = [usize::MAX; 4];
        if row + 1 < h {
            next[0] = blank + w;
        }
        if col > 0 {
            next[1] = blank - 1;
        }
        if col + 1 < w {
            next[2] = blank + 1;
        }
        if row > 0 {
            next[3] = blank - w;
        }
        for to in next.into_iter().filter(|&c| c != usize::MAX) {
            tiles.swap(blank, to);
            let s = rank(&tiles[..n]);
            if dist[s] == u8::MAX {
                dist[s] = d;
                queue.push(s as u32);
            }
            tiles.swap(blank, to);
        }
    }
    let mut layers = Vec::new();
    for &d in dist.iter().filter(|&&d| d != u8::MAX) {
        let d = usize::from(d);
        if layers.len() <= d {
            layers.resize(d + 1, 0);
        }
        layers[d] += 1;
    }
    layers
}

/// The Lehmer rank of a permutation of `0..n` (the core's; the ranking
/// is not what this baseline measures, the queue and the array are).
fn rank(p: &[u8]) -> usize {
    puzzle_search_core::rank::permutation_rank(p) as usize
}

/// The permutation of Lehmer rank `r`.
fn unrank(r: usize, p: &mut [u8]) {
    puzzle_search_core::rank::permutation_unrank(r as u64, p);
}
