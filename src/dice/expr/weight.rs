//! Whole-number weights for exact distributions: `u128` where a distribution's denominator
//! fits it (the sums and products of counts never exceed it), big integers beyond.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

pub trait Weight: Clone + std::fmt::Debug {
    /// Whether numbers up to 2^bits (and a few small factors more) fit.
    fn holds(bits: f64) -> bool;
    fn zero() -> Self;
    fn from_u64(n: u64) -> Self;
    fn is_zero(&self) -> bool;
    fn add(&mut self, other: &Self);
    /// `self - other`; `other` is never larger.
    fn sub(&mut self, other: &Self);
    /// `self += a * b`.
    fn mul_add(&mut self, a: &Self, b: &Self);
    fn mul(&self, other: &Self) -> Self;
    fn mul_small(&self, n: u64) -> Self;
    /// `self / n`, which divides exactly.
    fn div_small(&self, n: u64) -> Self;
    fn big(&self) -> BigUint;
    /// Machine words one number takes (a cost measure).
    fn words(&self) -> usize;
    fn to_f64(&self) -> f64;
}

impl Weight for u128 {
    fn holds(bits: f64) -> bool {
        bits <= 96.0
    }
    fn zero() -> Self {
        0
    }
    fn from_u64(n: u64) -> Self {
        u128::from(n)
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn add(&mut self, other: &Self) {
        *self += other;
    }
    fn sub(&mut self, other: &Self) {
        *self -= other;
    }
    fn mul_add(&mut self, a: &Self, b: &Self) {
        *self += a * b;
    }
    fn mul(&self, other: &Self) -> Self {
        self * other
    }
    fn mul_small(&self, n: u64) -> Self {
        self * u128::from(n)
    }
    fn div_small(&self, n: u64) -> Self {
        self / u128::from(n)
    }
    fn big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn words(&self) -> usize {
        2
    }
    fn to_f64(&self) -> f64 {
        *self as f64
    }
}

impl Weight for BigUint {
    fn holds(_: f64) -> bool {
        true
    }
    fn zero() -> Self {
        Zero::zero()
    }
    fn from_u64(n: u64) -> Self {
        BigUint::from(n)
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn add(&mut self, other: &Self) {
        *self += other;
    }
    fn sub(&mut self, other: &Self) {
        *self -= other;
    }
    fn mul_add(&mut self, a: &Self, b: &Self) {
        if !Zero::is_zero(a) && !Zero::is_zero(b) {
            *self += a * b;
        }
    }
    fn mul(&self, other: &Self) -> Self {
        self * other
    }
    fn mul_small(&self, n: u64) -> Self {
        self * n
    }
    fn div_small(&self, n: u64) -> Self {
        self / n
    }
    fn big(&self) -> BigUint {
        self.clone()
    }
    fn words(&self) -> usize {
        (self.bits() as usize).div_ceil(64).max(1)
    }
    fn to_f64(&self) -> f64 {
        ToPrimitive::to_f64(self).unwrap_or(f64::INFINITY)
    }
}
