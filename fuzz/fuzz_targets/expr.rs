//! The expression language: any text parses or gives a parse error with line and column.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match fuda_grammar::parse(text) {
        Ok(e) => {
            let _ = e.to_string();
            let _ = fuda_grammar::eval(&e, &fuda_grammar::EmptyEnv);
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
