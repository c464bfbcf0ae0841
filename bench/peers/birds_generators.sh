#!/usr/bin/env bash
# Angry Birds level generators side by side (bench/peers/birds_generators.py): evoplay's
# `birds generate` and, when present outside the repository, the AIBIRDS baseline generator and
# IratusAves, all judged by the same evoplay commands. The peers are Python 3 scripts (standard
# library only); they are never part of this repository: check them out next to it, e.g.
#   ../peers/Master-Thesis_GAN-level-gen  (github Blaxzter/Master-Thesis_GAN-level-gen @ a15f37b)
#   ../peers/IratusAves                   (github stepmat/IratusAves @ 375a409)
# or name their scripts in EVOPLAY_AIBIRDS_BASELINE and EVOPLAY_IRATUSAVES.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python3 bench/peers/birds_generators.py
