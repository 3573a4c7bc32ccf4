import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { GeoService } from './geo.service';
import { CitiesQuery, CitiesResponseDto, GeocodeQuery, GeocodeResponseDto } from './geo.dto';
import { Returns } from '../common/responses';

@ApiTags('geo')
@Controller('api')
export class GeoController {
  constructor(private readonly geo: GeoService) {}

  @Get('geocode.php')
  @Returns(GeocodeResponseDto)
  @ApiOperation({ summary: 'Nearest city and region of a point (from the seeded cities)' })
  async geocode(@Query() query: GeocodeQuery) {
    return { geocode: await this.geo.nearest(query.lat, query.lon) };
  }

  @Get('cities.php')
  @Returns(CitiesResponseDto)
  @ApiOperation({ summary: "A region's cities by name (empty for an unknown region)" })
  async cities(@Query() query: CitiesQuery) {
    return { region_id: query.region, cities: await this.geo.cities(query.region) };
  }
}
