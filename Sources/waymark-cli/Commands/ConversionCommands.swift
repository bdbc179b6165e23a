import Waymark

/// `waymark scene` and `waymark geodetic`: rows of coordinates through a SceneFrame.
enum ConversionCommands {
    /// `scene --origin LAT,LON[,H] [--axes eus|enu|eun] [--method …] [FILE]`:
    /// rows `lat,lon[,h]` → `x,y,z`.
    static func scene(_ command: Scene, _ out: inout Output) throws(CLIError) {
        let frame = try command.frame.frame()
        let origin = frame.tangentFrame.origin
        let method = command.method.value ?? .ellipsoidal
        let pipeline: ProjTopocentricPipeline?
        do throws(WaymarkError) {
            pipeline = method == .proj ? try ProjTopocentricPipeline(origin: origin) : nil
        } catch {
            throw .usage("cannot build the PROJ pipeline: \(describe(error))")
        }
        var input = try RowInput(command.input.options(from: command.source.from, file: command.file), geographic: true)
        defer { input.close() }
        if method == .ellipsoidal && !input.keepsColumns {
            try streamScene(frame, &input, &out)
            return
        }
        try RowStream.each(&input, &out, fieldCounts: 2...3, header: "x,y,z") { row throws(CLIError) in
            let v = row.values
            let point: GeodeticCoordinate
            do throws(WaymarkError) {
                point = try GeodeticCoordinate(latitude: v[0], longitude: v[1], height: v.count == 3 ? v[2] : 0)
            } catch {
                throw .data(line: row.line, describe(error, latitude: v[0]))
            }
            let p: SIMD3<Double>
            switch method {
            case .proj:
                do throws(WaymarkError) { p = frame.scenePosition(fromENU: try pipeline!.forward(point)) } catch {
                    throw .data(line: row.line, describe(error))
                }
            case .haversine: p = frame.scenePosition(of: point, baseline: .haversine)
            case .metersPerDegree: p = frame.scenePosition(of: point, baseline: .metersPerDegree)
            case .ellipsoidal: p = frame.scenePosition(of: point)
            }
            return [p.x, p.y, p.z]
        }
    }

    /// The exact method in batches through the frame's vector path (four points per
    /// step): the same numbers as one point at a time, as the frame computes each lane
    /// alone.
    static func streamScene(_ frame: SceneFrame, _ input: inout RowInput, _ out: inout Output) throws(CLIError) {
        let stride = RowStream.tripleStride
        try RowStream.triples(&input, &out, fieldCounts: 2...3, header: "x,y,z") { line, count, slot throws(CLIError) in
            if count == 2 { slot[2] = 0 }
            do throws(WaymarkError) {
                // Checked (and the longitude normalised) as the one-point path does.
                let p = try GeodeticCoordinate(latitude: slot[0], longitude: slot[1], height: slot[2])
                slot[1] = p.longitude
            } catch {
                throw .data(line: line, describe(error, latitude: slot[0]))
            }
        } convert: { points, scene, n, lines in
            do throws(WaymarkError) {
                try frame.scenePositions(geodetic: points, stride: stride, into: scene, stride: stride, count: n)
                return (n, nil)
            } catch {
                // Heights beyond the batch's bound: one at a time, so each row gets its
                // own answer or its own error.
                for i in 0..<n {
                    let p: SIMD3<Double>
                    do throws(WaymarkError) {
                        p = frame.scenePosition(of: try GeodeticCoordinate(latitude: points[3 * i], longitude: points[3 * i + 1], height: points[3 * i + 2]))
                    } catch { return (i, .data(line: lines[i], describe(error, latitude: points[3 * i]))) }
                    scene[3 * i] = p.x; scene[3 * i + 1] = p.y; scene[3 * i + 2] = p.z
                }
                return (n, nil)
            }
        }
    }

    /// `geodetic --origin LAT,LON[,H] [--axes …] [FILE]`: rows `x,y,z` → `lat,lon,h`.
    static func geodetic(_ command: Geodetic, _ out: inout Output) throws(CLIError) {
        let frame = try command.frame.frame()
        var input = try RowInput(command.input.options(from: command.source.from, file: command.file), geographic: false)
        defer { input.close() }
        let geographic = (lat: 0, lon: 1, h: Optional(2))
        if input.keepsColumns {
            try RowStream.each(&input, &out, fieldCounts: 3...3, header: "lat,lon,h", geographic: geographic) { row throws(CLIError) in
                let v = row.values
                do throws(WaymarkError) {
                    let g = try frame.geodetic(atScene: SIMD3(v[0], v[1], v[2]))
                    return [g.latitude, g.longitude, g.height]
                } catch {
                    throw .data(line: row.line, describe(error))
                }
            }
            return
        }
        let stride = RowStream.tripleStride
        try RowStream.triples(&input, &out, fieldCounts: 3...3, header: "lat,lon,h", geographic: geographic) { _, _, _ throws(CLIError) in
            // Checked by the batch below, which names the first bad row.
        } convert: { scene, points, n, lines in
            do throws(WaymarkError) {
                try frame.geodeticPositions(scene: scene, stride: stride, into: points, stride: stride, count: n)
                return (n, nil)
            } catch {
                guard case .invalidElement(let index, let fault) = error else { return (0, .data(line: lines[0], describe(error))) }
                // The rows before the bad one are converted alone, to be written first.
                try? frame.geodeticPositions(scene: scene, stride: stride, into: points, stride: stride, count: index)
                return (index, .data(line: lines[index], describe(WaymarkError.invalidInput(fault))))   // the one-point path's words
            }
        }
    }
}
