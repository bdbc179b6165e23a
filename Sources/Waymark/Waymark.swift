// The umbrella: `import Waymark` gives the PROJ-free core (WaymarkCore), AR navigation
// on it (WaymarkNavigation), the PROJ layer on top (WaymarkPROJ), the walk simulators
// (WaymarkSimulation) and the format readers (WaymarkIO: GPX, KML, TCX, NMEA, field
// logs). Import WaymarkCore (and WaymarkNavigation) alone to ship without PROJ.
@_exported import WaymarkCore
@_exported import WaymarkNavigation
@_exported import WaymarkPROJ
@_exported import WaymarkSimulation
@_exported import WaymarkIO
