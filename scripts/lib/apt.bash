# Sourced by the scripts that install packages with apt-get. scripts/test runs two lanes
# of stages side by side, and apt-get fails at once while another apt-get or dpkg holds
# their locks (`apt-get update` does not wait even with -o DPkg::Lock::Timeout): each of
# the scripts' apt-get and dpkg commands runs through waymark_apt, which holds a lock file
# of this user's while it runs, so two stages' installs take turns.
#   waymark_apt $sudo apt-get update -qq
waymark_apt() {
    flock "${TMPDIR:-/tmp}/waymark-apt-$(id -u).lock" "$@"
}
