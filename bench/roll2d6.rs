//! The reference point for fray's speed: the least a Rust program can do to roll 2d6 and
//! print the total (N times with an argument). No argument parsing library, no fair die.

use std::io::Write;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    let mut x = now.map(|d| d.as_nanos() as u64).unwrap_or(1) | 1;
    let mut die = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % 6 + 1) as u32
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for _ in 0..n {
        let total = die() + die();
        if writeln!(out, "{total}").is_err() {
            return;
        }
    }
}
