//! Any command line (arguments separated by NUL bytes), run in-process exactly as `main`
//! runs it: exit 0, 1 or 2, and a failure is one `fray: error: …` line.
#![no_main]

use fray::app::{self, Env};
use libfuzzer_sys::fuzz_target;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

fuzz_target!(|data: &[u8]| {
    let mut args = vec![OsString::from("fray")];
    args.extend(data.split(|&b| b == 0).map(|a| OsString::from_vec(a.to_vec())));
    // `man DIR` writes files and a long --repeat only takes time: neither is what we hunt.
    if args.iter().any(|a| a == "man") {
        return;
    }
    for pair in args.windows(2) {
        let repeat = pair[0] == "-n" || pair[0] == "--repeat";
        if repeat && pair[1].to_str().and_then(|n| n.parse::<u64>().ok()).is_none_or(|n| n > 50) {
            return;
        }
    }
    if args.iter().any(|a| a.to_str().is_some_and(|a| a.starts_with("-n") && a.len() > 2)) {
        return;
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut stdin: &[u8] = b"sides:\n  - name: party\n  - name: monsters\n";
    let code = {
        let var = |_: &str| None;
        let mut env = Env::new(&mut stdin, &mut out, &mut err, &var, false, None, || 1);
        app::main(&args, &mut env)
    };
    let err = String::from_utf8(err).expect("errors are UTF-8");
    assert!(code <= 2);
    if code != 0 {
        assert!(err.starts_with("fray: error: ") && err.lines().count() == 1, "{err}");
    }
});
