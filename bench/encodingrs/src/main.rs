//! Times encoding_rs's decoders and encoders the way ucs's BenchmarkCPU
//! times its own: the whole file in one call, a fresh decoder or encoder
//! each time, no replacement (malformed input would be an error), and
//! throughput in GB of input per second of this thread's CPU time.
//!
//!     encodingrs-bench [-samples N] [-ms M] LABEL=FILE...
//!
//! For each LABEL=FILE (a legacy file and its WHATWG label) it prints two
//! lines, "decode LABEL FILE GB/s" and "encode LABEL FILE GB/s" (the encode
//! input is the file's UTF-8 text), each the best of N samples of at least
//! M milliseconds.

use encoding_rs::{DecoderResult, EncoderResult, Encoding};
use std::time::Duration;

#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
}

const CLOCK_THREAD_CPUTIME_ID: i32 = 3;

fn thread_cpu() -> Duration {
    let mut ts = Timespec { tv_sec: 0, tv_nsec: 0 };
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// best runs f in samples of at least ms milliseconds of CPU time and
/// returns the best throughput over n bytes per call, in GB/s.
fn best(samples: usize, ms: u64, n: usize, mut f: impl FnMut()) -> f64 {
    f(); // warm up
    let mut top = 0.0f64;
    for _ in 0..samples {
        let t0 = thread_cpu();
        let mut calls = 0u64;
        loop {
            f();
            calls += 1;
            let dt = thread_cpu() - t0;
            if dt >= Duration::from_millis(ms) {
                let gbs = (calls as f64) * (n as f64) / dt.as_secs_f64() / 1e9;
                top = top.max(gbs);
                break;
            }
        }
    }
    top
}

fn main() {
    let mut samples = 5usize;
    let mut ms = 50u64;
    let mut jobs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "-samples" => samples = args.next().and_then(|v| v.parse().ok()).expect("-samples N"),
            "-ms" => ms = args.next().and_then(|v| v.parse().ok()).expect("-ms M"),
            _ => {
                let (label, file) = a.split_once('=').expect("LABEL=FILE");
                jobs.push((label.to_string(), file.to_string()));
            }
        }
    }
    for (label, file) in jobs {
        let enc = Encoding::for_label(label.as_bytes()).unwrap_or_else(|| panic!("unknown label {label}"));
        let src = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut text = vec![0u8; 4 * src.len() + 64];
        let (res, read, written) =
            enc.new_decoder_without_bom_handling().decode_to_utf8_without_replacement(&src, &mut text, true);
        assert!(res == DecoderResult::InputEmpty && read == src.len(), "{file}: not valid {label}");
        text.truncate(written);
        let text = String::from_utf8(text).unwrap();
        let mut dst = vec![0u8; 4 * src.len() + 64];
        let d = best(samples, ms, src.len(), || {
            let mut dec = enc.new_decoder_without_bom_handling();
            let (r, _, _) = dec.decode_to_utf8_without_replacement(&src, &mut dst, true);
            assert!(r == DecoderResult::InputEmpty);
        });
        println!("decode {label} {file} {d:.4}");
        let mut out = vec![0u8; 4 * text.len() + 64];
        let e = best(samples, ms, text.len(), || {
            let mut encoder = enc.new_encoder();
            let (r, _, _) = encoder.encode_from_utf8_without_replacement(&text, &mut out, true);
            assert!(r == EncoderResult::InputEmpty);
        });
        println!("encode {label} {file} {e:.4}");
    }
}
