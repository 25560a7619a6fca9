//! A stable sort for the engine's short lists (players, pairs, ballots,
//! rejections: at most a few hundred items). An insertion sort keeps the
//! order of equal items exactly like `slice::sort_by`, and each use compiles
//! to a few hundred bytes instead of the standard library's few kilobytes,
//! which keeps the web page's download small (its first load is capped).

use std::cmp::Ordering;

/// Sorts `v` by `cmp`, keeping equal items in their order (stable).
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && cmp(&v[j - 1], &v[j]) == Ordering::Greater {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `v` in its natural order (stable).
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_standard_stable_sort() {
        let mut seed = 7u64;
        for n in 0..60 {
            let v: Vec<(u8, usize)> = (0..n)
                .map(|i| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((seed >> 60) as u8, i)
                })
                .collect();
            let mut a = v.clone();
            let mut b = v.clone();
            sort_by(&mut a, |x, y| x.0.cmp(&y.0));
            b.sort_by_key(|x| x.0);
            assert_eq!(a, b, "equal keys keep their order");
            let mut c = v.clone();
            sort(&mut c);
            let mut d = v;
            d.sort();
            assert_eq!(c, d);
        }
    }
}
