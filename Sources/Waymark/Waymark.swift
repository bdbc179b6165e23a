// The umbrella: `import Waymark` gives the PROJ-free core (WaymarkCore), the PROJ
// layer on top (WaymarkPROJ) and the walk simulators (WaymarkSimulation). Import
// WaymarkCore alone to ship without PROJ.
@_exported import WaymarkCore
@_exported import WaymarkPROJ
@_exported import WaymarkSimulation
