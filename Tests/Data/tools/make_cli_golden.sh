#!/usr/bin/env bash
# The CLI's golden outputs: what `waymark` printed before the streaming readers and
# writers (issue 13), on fixed inputs with edge values, so a test can hold the fast
# paths to the old text byte for byte. Run with the old binary:
#   Tests/Data/tools/make_cli_golden.sh path/to/old/waymark
# (made with the CLI of commit 65cd374, `swift build` debug).
set -euo pipefail
old=$1
cd "$(dirname "$0")/../cli_golden"
{
    printf '%s\n' 55.73397,37.58864,158 55.7359,37.5943,156.5 0,180,0 0,-180,0 -0.0,-0.0,-0.0 90,0,0 -90,45,1 \
        55.73397,217.58864,158 -33.9,151.2,1e7 1e-10,1.5949729286201001e-10,-1e-300 55.74,37.6,1e12 55.7,37.5 \
        55.73397000000000000001,37.588640000000000001,158.00000000000001 5.57e1,3.76E+1,1.5e2
    awk 'BEGIN { srand(13); for (i = 0; i < 400; i++) printf "%.*f,%.*f,%.*f\n", int(rand() * 12), 55.7 + 0.1 * rand(), int(rand() * 12), 37.5 + 0.2 * rand(), int(rand() * 4), 100 + 100 * rand() }'
    awk 'BEGIN { srand(14); for (i = 0; i < 100; i++) printf "%.15g,%.15g,%.6g\n", 180 * rand() - 90, 360 * rand() - 180, 9000 * rand() - 500 }'
} > points.csv
awk -F, 'BEGIN { srand(15) } { printf "%s,%s,%.9f,%.9f\n", $1, $2, 180 * rand() - 90, 360 * rand() - 180 }' points.csv > pairs.csv
awk -F, '{ print $1 "," $2 }' points.csv | awk -F, 'BEGIN { srand(16) } { printf "%.8f,%.8f\n", 18 + 35 * rand(), 73 + 62 * rand() } NR <= 50 { print }' > china.csv
for axes in eus enu eun; do "$old" scene --origin 55.73397,37.58864,158 --axes "$axes" points.csv > "scene_$axes.out"; done
"$old" scene --origin 55.73397,37.58864,158 --method haversine points.csv > scene_haversine.out
tail -n +2 scene_enu.out > scene_enu.csv
# geodetic_enu.out: issue 14 replaced the scalar scene -> geo with a four-lane kernel of
# the same closed form; the old CLI's text is kept as geodetic_enu_scalar.out (a test
# holds the two within 2e-14 degrees and 2e-9 m), and geodetic_enu.out is the current
# CLI's on the baseline path:
#   WAYMARK_CPU=baseline waymark geodetic --origin 55.73397,37.58864,158 --axes enu scene_enu.csv
"$old" geodetic --origin 55.73397,37.58864,158 --axes enu scene_enu.csv > geodetic_enu_scalar.out
"$old" inverse pairs.csv > inverse.out
"$old" inverse --method haversine pairs.csv > inverse_haversine.out
for c in wgs84:gcj02 gcj02:wgs84 wgs84:bd09 bd09:gcj02; do "$old" datum --from "${c%:*}" --to "${c#*:}" china.csv > "datum_${c%:*}_${c#*:}.out"; done
wc -l ./*.out | tail -1
