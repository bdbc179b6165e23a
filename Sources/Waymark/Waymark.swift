// The umbrella: `import Waymark` gives the PROJ-free core (WaymarkCore), the PROJ
// layer on top (WaymarkPROJ), the walk simulators (WaymarkSimulation) and the format
// readers (WaymarkIO: GPX, KML, TCX, NMEA, field logs). Import
// WaymarkCore alone to ship without PROJ.
@_exported import WaymarkCore
@_exported import WaymarkPROJ
@_exported import WaymarkSimulation
@_exported import WaymarkIO
