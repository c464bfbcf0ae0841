#include "evoplay/games/birds/b2_shapes.hpp"

#include <algorithm>
#include <numbers>

namespace evoplay::games::birds {

float B2Shape::area() const {
  if (is_circle) {
    const float r = circle.m_radius - skin_width;
    return b2_pi * r * r;
  }
  b2MassData mass;
  polygon.ComputeMass(&mass, 1.0f);
  return mass.mass;
}

float static_extra_skin(float skin) { return skin < b2_polygonRadius ? b2_polygonRadius : 0.0f; }

float B2Collider::area() const {
  float sum = 0;
  for (const B2Shape& s : shapes()) sum += s.area();
  return sum;
}

B2Collider local_collider(const Object& o, float skin, bool round_pigs, float shrink) {
  const ShapeInfo& s = o.shape();
  B2Collider out;
  B2Shape& first = out.parts[0];
  first.skin_width = skin;
  if (round_pigs && s.kind == Kind::kPig) {
    first.is_circle = true;
    first.circle.m_p.SetZero();
    first.circle.m_radius = static_cast<float>(s.radius) + skin;
    return out;
  }
  if (s.geometry == Geometry::kBox) {
    first.polygon.SetAsBox(static_cast<float>(s.width * o.scale_x / 2) - shrink,
                           static_cast<float>(s.height * o.scale_y / 2) - shrink);
    first.skin_width += shrink;
    first.polygon.m_radius = first.skin_width;
    return out;
  }
  std::array<b2Vec2, kMaxVertices> points;
  for (int i = 0; i < s.vertex_count; ++i) {
    const Point& p = s.vertices[static_cast<std::size_t>(i)];
    points[static_cast<std::size_t>(i)].Set(static_cast<float>(p.x * o.scale_x),
                                            static_cast<float>(p.y * o.scale_y));
  }
  if (s.vertex_count <= b2_maxPolygonVertices) {
    first.polygon.Set(points.data(), s.vertex_count);
  } else {
    // Two halves sharing the chord from vertex 0 to vertex n / 2.
    const int half = s.vertex_count / 2;
    first.polygon.Set(points.data(), half + 1);
    std::array<b2Vec2, kMaxVertices> rest;
    int k = 0;
    for (int i = half; i < s.vertex_count; ++i) rest[static_cast<std::size_t>(k++)] = points[i];
    rest[static_cast<std::size_t>(k++)] = points[0];
    out.parts[1].polygon.Set(rest.data(), k);
    out.parts[1].skin_width = skin;
    out.parts[1].polygon.m_radius = skin;
    out.count = 2;
  }
  first.polygon.m_radius = first.skin_width;
  return out;
}

b2Transform object_transform(const Object& o) {
  return b2Transform(b2Vec2(static_cast<float>(o.x), static_cast<float>(o.y)),
                     b2Rot(static_cast<float>(o.rotation * std::numbers::pi / 180)));
}

B2Shape ground_shape(const Level& level, float skin, float shrink) {
  B2Shape out;
  out.polygon.SetAsBox(static_cast<float>(level.half_width()), kGroundDepth / 2,
                       b2Vec2(0.0f, -shrink), 0.0f);
  out.skin_width = skin + shrink;
  out.polygon.m_radius = out.skin_width;
  return out;
}

b2Transform ground_transform() {
  return b2Transform(b2Vec2(0.0f, static_cast<float>(kGroundY) - kGroundDepth / 2), b2Rot(0.0f));
}

double penetration(const B2Shape& a, const b2Transform& xa, const B2Shape& b,
                   const b2Transform& xb) {
  b2Manifold m;
  m.pointCount = 0;
  float ra = a.get().m_radius, rb = b.get().m_radius;
  const b2Transform* xfa = &xa;
  const b2Transform* xfb = &xb;
  if (!a.is_circle && !b.is_circle) {
    b2CollidePolygons(&m, &a.polygon, xa, &b.polygon, xb);
  } else if (a.is_circle && b.is_circle) {
    b2CollideCircles(&m, &a.circle, xa, &b.circle, xb);
  } else if (!a.is_circle) {
    b2CollidePolygonAndCircle(&m, &a.polygon, xa, &b.circle, xb);
  } else {
    b2CollidePolygonAndCircle(&m, &b.polygon, xb, &a.circle, xa);
    std::swap(ra, rb);
    std::swap(xfa, xfb);
  }
  if (m.pointCount == 0) return 0.0;
  b2WorldManifold wm;
  wm.Initialize(&m, *xfa, ra, *xfb, rb);
  float separation = wm.separations[0];
  for (int i = 1; i < m.pointCount; ++i) separation = std::min(separation, wm.separations[i]);
  // Manifold separations subtract both shapes' radii; add back what is skin, not outline.
  return -static_cast<double>(separation + a.skin() + b.skin());
}

double penetration(const B2Collider& a, const b2Transform& xa, const B2Collider& b,
                   const b2Transform& xb) {
  // Both ways round: Box2D's polygon manifold clips the incident edge to the reference face, and
  // a corner touching near the end of a face can give no point one way and a point the other.
  double deepest = -1e30;
  for (const B2Shape& p : a.shapes()) {
    for (const B2Shape& q : b.shapes()) {
      deepest = std::max({deepest, penetration(p, xa, q, xb), penetration(q, xb, p, xa)});
    }
  }
  return deepest;
}

}  // namespace evoplay::games::birds
