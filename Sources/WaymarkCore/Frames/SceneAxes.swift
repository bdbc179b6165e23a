/// How a scene's x, y and z axes lie in the local East-North-Up frame, the length unit
/// of its coordinates, and which scene axis a model faces along ("forward").
///
/// Any assignment of East/North/Up/West/South/Down to x, y and z is allowed (as in
/// Cesium's `LocalHorizontalCoordinateSystem`), right- or left-handed; the handedness
/// follows from the assignment (``isRightHanded``). Engines get named presets
/// (``arkit``, ``unity``, ``unreal`` …; the table is in the README). The three
/// conventions Waymark started with keep their C values: ``enu`` 0, ``eus`` 1, ``eun`` 2;
/// every other convention is the descriptor value `WM_AXES_CUSTOM(x, y, z, forward, unit)`
/// of `waymark.h` (bit 30 set; 4 bits each for x, y, z, forward and unit), so one
/// `Int32` carries a whole convention through every function that takes axes.
///
/// Units are an enumeration, not any scale: one `Int32` must carry the whole convention
/// through every C call that takes axes, and engines use metres or centimetres.
public struct SceneAxes: Hashable, Sendable, BitwiseCopyable, CaseIterable, RawRepresentable {
    /// A geographic direction a scene axis points along.
    public enum Direction: Int32, Sendable, CaseIterable, BitwiseCopyable {
        /// East (`WM_DIR_EAST`).
        case east = 0
        /// North (`WM_DIR_NORTH`).
        case north = 1
        /// Up, along the ellipsoid normal (`WM_DIR_UP`).
        case up = 2
        /// West (`WM_DIR_WEST`).
        case west = 3
        /// South (`WM_DIR_SOUTH`).
        case south = 4
        /// Down (`WM_DIR_DOWN`).
        case down = 5
    }

    /// A signed scene axis: the model's forward axis of anchor transforms and arrow yaws.
    public enum Axis: Int32, Sendable, CaseIterable, BitwiseCopyable {
        /// +x (`WM_FORWARD_POS_X`): Unreal's actor forward.
        case positiveX = 0
        /// +y (`WM_FORWARD_POS_Y`).
        case positiveY = 1
        /// +z (`WM_FORWARD_POS_Z`): Unity's `Transform.forward`.
        case positiveZ = 2
        /// −x (`WM_FORWARD_NEG_X`).
        case negativeX = 3
        /// −y (`WM_FORWARD_NEG_Y`).
        case negativeY = 4
        /// −z (`WM_FORWARD_NEG_Z`): ARKit, SceneKit, RealityKit, Godot, three.js, Bevy.
        case negativeZ = 5
    }

    /// The length unit of scene coordinates.
    public enum Unit: Int32, Sendable, CaseIterable, BitwiseCopyable {
        /// Metres (`WM_UNIT_METRE`).
        case metre = 0
        /// Decimetres (`WM_UNIT_DECIMETRE`).
        case decimetre = 1
        /// Centimetres (`WM_UNIT_CENTIMETRE`): Unreal Engine.
        case centimetre = 2
        /// Millimetres (`WM_UNIT_MILLIMETRE`).
        case millimetre = 3

        /// Scene units in one metre: 1, 10, 100 or 1000 (each exact in `Double`).
        @inlinable
        public var perMetre: Double {
            switch self {
            case .metre: return 1
            case .decimetre: return 10
            case .centimetre: return 100
            case .millimetre: return 1000
            }
        }
    }

    /// The convention as a descriptor (bit 30 set, fields as `WM_AXES_CUSTOM`), also for
    /// the three conventions whose C values are 0, 1 and 2.
    @usableFromInline let code: Int32

    @usableFromInline static let descriptorFlag: Int32 = 0x4000_0000

    @inlinable
    init(code: Int32) { self.code = code }

    @inlinable
    static func descriptor(_ x: Direction, _ y: Direction, _ z: Direction, _ forward: Axis, _ unit: Unit) -> Int32 {
        descriptorFlag | x.rawValue | y.rawValue << 4 | z.rawValue << 8 | forward.rawValue << 12 | unit.rawValue << 16
    }

    /// x east, y north, z up: the geodetic local frame itself (EPSG 9837 topocentric,
    /// GeographicLib `LocalCartesian`). Up is z; the forward axis is +y (north).
    public static let enu = SceneAxes(code: descriptor(.east, .north, .up, .positiveY, .metre))
    /// x east, y up, z south: ARKit with `ARConfiguration.WorldAlignment.gravityAndHeading`,
    /// ARCore's Earth-anchored frames, SceneKit and RealityKit. The up axis is y; north
    /// is −z, so a point 100 m due north sits at z = −100; the forward axis is −z.
    public static let eus = SceneAxes(code: descriptor(.east, .up, .south, .negativeZ, .metre))
    /// x east, y up, z north: Unity's left-handed world convention. The up axis is y;
    /// a point 100 m due north sits at z = +100; the forward axis is +z.
    public static let eun = SceneAxes(code: descriptor(.east, .up, .north, .positiveZ, .metre))

    /// ARKit (`gravityAndHeading` alignment): ``eus``.
    public static let arkit = eus
    /// RealityKit: ``eus``.
    public static let realityKit = eus
    /// SceneKit: ``eus``.
    public static let sceneKit = eus
    /// ARCore's C and Java APIs (OpenGL conventions, y up, −z forward): ``eus``.
    public static let arcore = eus
    /// ARCore through Unity (AR Foundation): Unity's ``eun``.
    public static let arcoreUnity = eun
    /// Unity (left-handed, y up, +z forward, metres): ``eun``.
    public static let unity = eun
    /// Unreal Engine as Cesium for Unreal maps it: x east, y south, z up (left-handed),
    /// centimetres, forward +x. A point 100 m due north and 2 m up is at
    /// (0, −10000, 200).
    public static let unreal = SceneAxes(code: descriptor(.east, .south, .up, .positiveX, .centimetre))
    /// Godot (right-handed, y up, −z forward, metres): ``eus``.
    public static let godot = eus
    /// three.js and WebXR (right-handed, y up, −z forward, metres): ``eus``.
    public static let threeJS = eus
    /// Bevy (right-handed, y up, `Transform::forward()` = −z, metres): ``eus``.
    public static let bevy = eus

    /// The distinct built-in conventions: ``enu``, ``eus``, ``eun``.
    public static let allCases: [SceneAxes] = [.enu, .eus, .eun]

    /// Engine presets by name, in the README's table order.
    public static let presets: [(name: String, axes: SceneAxes)] = [
        ("arkit", .arkit), ("realitykit", .realityKit), ("scenekit", .sceneKit), ("arcore", .arcore),
        ("arcore-unity", .arcoreUnity), ("unity", .unity), ("unreal", .unreal), ("godot", .godot),
        ("threejs", .threeJS), ("webxr", .threeJS), ("bevy", .bevy),
    ]

    /// A convention from its axis directions, forward axis and unit.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/outOfRange``) unless x,
    ///   y and z name East-or-West, North-or-South and Up-or-Down once each and
    ///   `forward` is horizontal (not the up/down axis).
    public init(x: Direction, y: Direction, z: Direction, forward: Axis, unit: Unit = .metre) throws(WaymarkError) {
        guard let axes = SceneAxes(validating: Self.descriptor(x, y, z, forward, unit)) else {
            throw .invalidInput(.outOfRange)
        }
        self = axes
    }

    /// The C value: 0, 1 or 2 for ``enu``, ``eus``, ``eun``, else the descriptor.
    @inlinable
    public var rawValue: Int32 {
        switch code {
        case Self.enu.code: return 0
        case Self.eus.code: return 1
        case Self.eun.code: return 2
        default: return code
        }
    }

    /// The convention of a C value (0, 1, 2 or a valid descriptor; a descriptor equal to
    /// one of the first three is that one); nil for anything else.
    @inlinable
    public init?(rawValue: Int32) {
        switch rawValue {
        case 0: self = .enu
        case 1: self = .eus
        case 2: self = .eun
        default:
            guard let axes = SceneAxes(validating: rawValue) else { return nil }
            self = axes
        }
    }

    @inlinable
    init?(validating code: Int32) {
        // Bit 30 and five 4-bit fields; everything else zero.
        guard code & ~Int32(0x000F_FFFF) == Self.descriptorFlag else { return nil }
        let x = code & 15, y = code >> 4 & 15, z = code >> 8 & 15, forward = code >> 12 & 15, unit = code >> 16 & 15
        guard x < 6, y < 6, z < 6, forward < 6, unit < 4 else { return nil }
        // One of each of the three components (East/West, North/South, Up/Down).
        guard (1 << (x % 3)) | (1 << (y % 3)) | (1 << (z % 3)) == 7 else { return nil }
        self.init(code: code)
        guard forward % 3 != Int32(upAxisIndex) else { return nil }
    }

    // MARK: Reading the convention

    /// The direction scene axis `i` (0 = x, 1 = y, 2 = z) points along.
    @inlinable
    public func direction(ofAxis i: Int) -> Direction { Direction(rawValue: code >> (4 * Int32(i)) & 15)! }

    /// The model's forward axis (anchor transforms, arrow yaws).
    @inlinable
    public var forward: Axis { Axis(rawValue: code >> 12 & 15)! }

    /// The length unit of scene coordinates.
    @inlinable
    public var unit: Unit { Unit(rawValue: code >> 16 & 15)! }

    /// Scene units per metre (``Unit/perMetre``).
    @inlinable
    public var unitsPerMetre: Double { unit.perMetre }

    /// Whether x × y = z (right-handed: ``enu``, ``eus``) or x × y = −z (left-handed:
    /// ``eun``, ``unreal``).
    public var isRightHanded: Bool {
        // The determinant of the ENU → scene matrix (columns: where east, north and up go).
        let e = scene(fromENU: SIMD3(1, 0, 0)), n = scene(fromENU: SIMD3(0, 1, 0)), u = scene(fromENU: SIMD3(0, 0, 1))
        let cross = SIMD3(n.y * u.z - n.z * u.y, n.z * u.x - n.x * u.z, n.x * u.y - n.y * u.x)
        return (e * cross).sum() > 0
    }

    /// The East-North-Up component (0, 1, 2) scene axis `i` measures.
    @inlinable @inline(__always)
    func enuIndex(_ i: Int) -> Int { Int(code >> (4 * Int32(i)) & 15) % 3 }

    /// +1 when scene axis `i` points east, north or up; −1 for west, south or down.
    @inlinable @inline(__always)
    package func enuSign(_ i: Int) -> Double { code >> (4 * Int32(i)) & 15 < 3 ? 1 : -1 }

    // MARK: Directions

    /// Scene direction from a local (east, north, up) direction: a rotation (signed
    /// permutation), without the unit's scale — positions also scale by
    /// ``unitsPerMetre`` (``SceneFrame`` does).
    @inlinable @inline(__always)
    public func scene(fromENU v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(enuSign(0) * v[enuIndex(0)], enuSign(1) * v[enuIndex(1)], enuSign(2) * v[enuIndex(2)])
    }

    /// Local (east, north, up) direction from a scene direction (the inverse rotation
    /// of ``scene(fromENU:)``, no scale).
    @inlinable @inline(__always)
    public func enu(fromScene v: SIMD3<Double>) -> SIMD3<Double> {
        var e = SIMD3<Double>()
        for i in 0..<3 { e[enuIndex(i)] = enuSign(i) * v[i] }
        return e
    }

    /// Index (0 = x, 1 = y, 2 = z) of the vertical scene axis (pointing up or down).
    @inlinable
    public var upAxisIndex: Int { enuIndex(0) == 2 ? 0 : enuIndex(1) == 2 ? 1 : 2 }

    // MARK: Yaw about the vertical axis

    /// How a horizontal scene direction d turns the forward axis: with f = σ·e_j the
    /// forward axis, k the vertical axis and l the other horizontal one, the right-handed
    /// rotation about e_k by θ maps f onto d when cos θ = σ·d_j/|d|, sin θ = σ·τ·d_l/|d|,
    /// τ = +1 when j follows k cyclically (j = k + 1 mod 3), else −1.
    @usableFromInline
    package struct YawAxes: Sendable, BitwiseCopyable {
        /// Forward (j), side (l) and vertical (k) scene axis indices.
        @usableFromInline package let forward: Int, side: Int, up: Int
        /// σ and σ·τ.
        @usableFromInline package let cosSign: Double, sinSign: Double

        @inlinable
        package init(forward: Int, side: Int, up: Int, cosSign: Double, sinSign: Double) {
            self.forward = forward; self.side = side; self.up = up; self.cosSign = cosSign; self.sinSign = sinSign
        }
    }

    @inlinable
    package var yawAxes: YawAxes {
        let j = Int(forward.rawValue % 3), k = upAxisIndex, l = 3 - j - k
        let sigma: Double = forward.rawValue < 3 ? 1 : -1
        let tau: Double = j == (k + 1) % 3 ? 1 : -1
        return YawAxes(forward: j, side: l, up: k, cosSign: sigma, sinSign: sigma * tau)
    }

    /// The same convention in metres (anything with a unit of its own converts at its
    /// boundary and works in metres inside).
    @inlinable
    public var inMetres: SceneAxes { SceneAxes(code: code & ~Int32(0xF_0000)) }
}
