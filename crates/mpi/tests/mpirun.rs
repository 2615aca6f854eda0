//! Runs `examples/mpi_check` (every search over the ranks against the
//! sequential one) under `mpirun` at 1, 2, 3 and 4 ranks, and 2 ranks of 2
//! threads. Skipped with a message where `mpirun` is missing.

use std::path::PathBuf;
use std::process::Command;

/// The example, built by `cargo test` beside this test's binary.
fn example() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/PROFILE/deps/TEST");
    profile.join("examples").join("mpi_check")
}

#[test]
fn every_search_over_ranks_equals_the_sequential_one() {
    if Command::new("mpirun").arg("--version").output().is_err() {
        eprintln!("mpirun not found: the MPI runs are skipped (apt-get install openmpi-bin)");
        return;
    }
    let example = example();
    assert!(example.exists(), "{} not built", example.display());
    for (ranks, threads) in [(1, 1), (2, 1), (3, 1), (4, 1), (2, 2)] {
        let out = Command::new("mpirun")
            .args(["--oversubscribe", "-np", &ranks.to_string()])
            .arg(&example)
            .arg(threads.to_string())
            // CI runs as root, which Open MPI refuses unless told.
            .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
            .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
            .output()
            .expect("mpirun runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "{ranks} ranks x {threads}: {stdout}{stderr}"
        );
        let want = format!("on {ranks} ranks x {threads} threads: 0 differ");
        assert!(stdout.contains(&want), "{stdout}{stderr}");
        // Work moved: the searches' parts handed over some of theirs.
        let handed: u64 = stdout
            .split(" parts handed over")
            .next()
            .and_then(|s| s.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("the count of parts handed over");
        assert!(handed > 0, "{ranks} ranks x {threads}: {stdout}");
    }
}
