//! The modules stand in the layers the README's architecture table gives: a module's code
//! (tests and comments aside) names only modules of the layers below its own.

use std::collections::BTreeMap;
use std::path::Path;

/// Each module of the README's layer table, with its layer (0 the top).
fn layers() -> BTreeMap<String, usize> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme.lines().position(|l| l == "| layer | modules |").expect("the layer table");
    let mut layers = BTreeMap::new();
    for (depth, row) in readme.lines().skip(start + 2).take_while(|l| l.starts_with('|')).enumerate() {
        let modules = row.rsplit('|').nth(1).unwrap();
        for module in modules.split('`').skip(1).step_by(2) {
            layers.insert(module.to_string(), depth);
        }
    }
    layers
}

/// The code of a file without its comments and its `#[cfg(test)]` module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The modules a piece of code names as `crate::NAME`, also inside `use crate::{…}`.
fn named(code: &str, known: &BTreeMap<String, usize>) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let rest = rest.strip_prefix('{').unwrap_or(rest);
        let group_end = if code[at..].starts_with("crate::{") { rest.find('}') } else { None };
        let words = match group_end {
            Some(end) => rest[..end].split(',').map(str::trim).collect::<Vec<_>>(),
            None => vec![rest],
        };
        for word in words {
            let name: String = word.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if known.contains_key(&name) {
                names.push(name);
            }
        }
    }
    names
}

fn walk(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

#[test]
fn every_import_runs_down_the_readme_layers() {
    let layers = layers();
    assert!(layers.len() > 20 && layers.contains_key("fight") && layers.contains_key("track"), "{layers:?}");
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut files = Vec::new();
    walk(src, &mut files);
    let mut wrong = Vec::new();
    let mut seen = 0;
    for file in files {
        let relative = file.strip_prefix(src).unwrap();
        let module = relative.iter().next().unwrap().to_str().unwrap().trim_end_matches(".rs").to_string();
        if module == "lib" || relative.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let Some(&own) = layers.get(&module) else {
            wrong.push(format!("{}: module {module} is in no layer of the README", relative.display()));
            continue;
        };
        for name in named(&code(&std::fs::read_to_string(&file).unwrap()), &layers) {
            seen += 1;
            if name != module && layers[&name] <= own {
                wrong.push(format!("{}: {module} imports {name}, which is not below it", relative.display()));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(seen > 200, "only {seen} imports read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
